import { Title } from "@mantine/core";

export function ReportsPage() {
  return <Title order={1}>Performance Reports</Title>;
}
