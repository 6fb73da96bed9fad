import { Title } from "@mantine/core";

export function ManageEngagementsPage() {
  return <Title order={1}>Manage Engagements</Title>;
}
