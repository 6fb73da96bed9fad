import { Title } from "@mantine/core";

export function ManageUsersPage() {
  return <Title order={1}>User Management</Title>;
}
