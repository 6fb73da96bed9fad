import { Stack, Text, Title } from "@mantine/core";
import { useSignedInUser } from "../auth/session";
import { RoleCard } from "./role-card";

/** /dashboard; its Sign Out button is the one in the page header. */
export function DashboardPage() {
  const user = useSignedInUser();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Task Manager Dashboard</Title>
        <Text>
          Welcome back, {user.displayName} - {user.role.toUpperCase()}
        </Text>
      </Stack>
      <RoleCard role={user.role} />
    </Stack>
  );
}
