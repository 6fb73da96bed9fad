import { Title } from "@mantine/core";

export function EngagementChartPage() {
  return <Title order={1}>Secretary HED Engagement Chart</Title>;
}
