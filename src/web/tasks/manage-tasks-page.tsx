import { Title } from "@mantine/core";

export function ManageTasksPage() {
  return <Title order={1}>Manage Tasks</Title>;
}
