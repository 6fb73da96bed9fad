import { Stack, Text, Title } from "@mantine/core";
import { ROLE_HOME, seesAllTasks } from "../../shared/roles";
import { taskListState } from "../../shared/tasks";
import { useSignedInUser } from "../auth/session";
import { StatCards } from "../tasks/list/stat-cards";
import { listHref } from "../ui/list/use-list-state";
import { DueNext } from "./due-next";
import { RoleCard } from "./role-card";

const DUE_NEXT_TITLE = "Due Next";

/**
 * /dashboard, where every sign-in lands: SPEC.md's heading, welcome line and role card, then
 * the person's figures (the department's for those who see every task) and the next open
 * tasks, so the role's own page is one click away but rarely needed. Each card's Show opens
 * that role's list filtered by the card's status. Its Sign Out button is the page header's.
 */
export function DashboardPage() {
  const user = useSignedInUser();
  const home = ROLE_HOME[user.role];
  const seesAll = seesAllTasks(user.role);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Task Manager Dashboard</Title>
        <Text>
          Welcome back, {user.displayName} - {user.role.toUpperCase()}
        </Text>
      </Stack>
      <RoleCard role={user.role} />
      <Stack gap="sm" component="section" aria-labelledby="dashboard-figures">
        <Title order={2} size="h3" id="dashboard-figures">
          {seesAll ? "Department Figures" : "Your Figures"}
        </Title>
        <StatCards showHref={(status) => listHref(home, taskListState, { status })} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="dashboard-due-next">
        <Title order={2} size="h3" id="dashboard-due-next">
          {DUE_NEXT_TITLE}
        </Title>
        <DueNext label={DUE_NEXT_TITLE} showsAssignee={seesAll} />
      </Stack>
    </Stack>
  );
}
