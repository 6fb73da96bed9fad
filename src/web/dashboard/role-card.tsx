import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { MessageKey } from "../../shared/i18n/message";
import { ROLE_HOME, type Role } from "../../shared/roles";

type RoleCardTexts = { title: MessageKey; description: MessageKey; action: MessageKey };

const ROLE_CARDS = {
  admin: {
    title: "dashboard:roleCard.admin.title",
    description: "dashboard:roleCard.admin.description",
    action: "dashboard:roleCard.admin.action",
  },
  organization_head: {
    title: "dashboard:roleCard.organization_head.title",
    description: "dashboard:roleCard.organization_head.description",
    action: "dashboard:roleCard.organization_head.action",
  },
  user: {
    title: "dashboard:roleCard.user.title",
    description: "dashboard:roleCard.user.description",
    action: "dashboard:roleCard.user.action",
  },
} as const satisfies Record<Role, RoleCardTexts>;

/** The one card a role gets on /dashboard, leading to that role's home. */
export function RoleCard({ role }: { role: Role }) {
  const { t } = useTranslation(["dashboard", "common"]);
  const card = ROLE_CARDS[role];
  return (
    <Card withBorder padding="lg" maw={480}>
      <Stack align="flex-start" gap="sm">
        <Title order={2} size="h3">
          {t(card.title)}
        </Title>
        <Text c="dimmed">{t(card.description)}</Text>
        <Button component={Link} to={ROLE_HOME[role]}>
          {t(card.action)}
        </Button>
      </Stack>
    </Card>
  );
}
