import { Title } from "@mantine/core";

export function OrganizationDashboardPage() {
  return <Title order={1}>Tasks</Title>;
}
