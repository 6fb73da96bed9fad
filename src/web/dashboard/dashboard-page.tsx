import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { MessageKey } from "../../shared/i18n/message";
import { ROLE_HOME, type Role, seesAllTasks } from "../../shared/roles";
import { taskListState } from "../../shared/tasks";
import { useSignedInUser } from "../auth/session";
import { StatCards } from "../tasks/list/stat-cards";
import { listHref } from "../ui/list/use-list-state";
import { DueNext } from "./due-next";
import { RoleCard } from "./role-card";
import { TodayFigures } from "./today-figures";
import { WaitingForYou } from "./waiting-for-you";

/** SPEC.md's welcome line names the role as the code writes it ("ORGANIZATION_HEAD"). */
const ROLE_NAMES = {
  user: "dashboard:roleName.user",
  organization_head: "dashboard:roleName.organization_head",
  admin: "dashboard:roleName.admin",
} as const satisfies Record<Role, MessageKey>;

/**
 * /dashboard, where every sign-in lands: SPEC.md's heading, welcome line and role card, then
 * the day's work: for a user, what is waiting for them (a new task, a reply, an answer to an
 * extension request); for those who see every task, the day's headline figures. Then the
 * person's figures (the department's for overseers) and the next open tasks, so the role's own
 * page is one click away but rarely needed. Each card's Show opens
 * that role's list filtered by the card's status. Its Sign Out button is the page header's.
 */
export function DashboardPage() {
  const { t } = useTranslation(["dashboard", "common"]);
  const user = useSignedInUser();
  const home = ROLE_HOME[user.role];
  const seesAll = seesAllTasks(user.role);
  const dueNextTitle = t("dueNext");

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t("title")}</Title>
        <Text>{t("welcome", { name: user.displayName, role: t(ROLE_NAMES[user.role]) })}</Text>
      </Stack>
      <RoleCard role={user.role} />
      {user.role === "user" ? (
        <Stack gap="sm" component="section" aria-labelledby="dashboard-waiting">
          <Title order={2} size="h3" id="dashboard-waiting">
            {t("waiting.title")}
          </Title>
          <WaitingForYou />
        </Stack>
      ) : (
        <Stack gap="sm" component="section" aria-labelledby="dashboard-today">
          <Title order={2} size="h3" id="dashboard-today">
            {t("today.title")}
          </Title>
          <TodayFigures role={user.role} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-labelledby="dashboard-figures">
        <Title order={2} size="h3" id="dashboard-figures">
          {seesAll ? t("departmentFigures") : t("yourFigures")}
        </Title>
        <StatCards showHref={(status) => listHref(home, taskListState, { status })} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="dashboard-due-next">
        <Title order={2} size="h3" id="dashboard-due-next">
          {dueNextTitle}
        </Title>
        <DueNext label={dueNextTitle} showsAssignee={seesAll} />
      </Stack>
    </Stack>
  );
}
