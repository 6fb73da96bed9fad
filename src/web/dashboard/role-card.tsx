import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { ROLE_HOME, type Role } from "../../shared/roles";

const ROLE_CARDS: Record<Role, { title: string; description: string; action: string }> = {
  admin: {
    title: "Admin Controls",
    description: "Create and assign tasks, manage users and engagements, and view reports.",
    action: "Go to Admin Panel",
  },
  organization_head: {
    title: "Organization Overview",
    description: "Follow every task in the department and its progress.",
    action: "View Organization Dashboard",
  },
  user: {
    title: "My Tasks",
    description: "See the tasks assigned to you and report your progress.",
    action: "View My Tasks",
  },
};

/** The one card a role gets on /dashboard, leading to that role's home. */
export function RoleCard({ role }: { role: Role }) {
  const card = ROLE_CARDS[role];
  return (
    <Card withBorder padding="lg" maw={480}>
      <Stack align="flex-start" gap="sm">
        <Title order={2} size="h3">
          {card.title}
        </Title>
        <Text c="dimmed">{card.description}</Text>
        <Button component={Link} to={ROLE_HOME[role]}>
          {card.action}
        </Button>
      </Stack>
    </Card>
  );
}
