import { Title } from "@mantine/core";

export function UserDashboardPage() {
  return <Title order={1}>My Tasks</Title>;
}
