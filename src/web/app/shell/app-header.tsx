import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSignedInUser } from "../../auth/session";
import { useSignOut } from "../../auth/session-actions";
import { HeaderSearch } from "../../dak/header-search";
import { LanguageSwitch } from "../../i18n/language-switch";
import { NotificationBell } from "../../notifications/bell";
import { DepartmentBanner } from "../../ui/department-banner";

export const HEADER_HEIGHT = 60;

/**
 * The header of every signed-in page: banner, the search over letters and tasks, who is signed
 * in, the notifications bell, the language switch (the choice is kept on the account) and Sign
 * Out. On narrow screens the search and the name give way to the switch and the gaps narrow, so
 * the header never scrolls sideways and nothing in it is cut short.
 */
export function AppHeader({ sidebarToggle }: { sidebarToggle?: ReactNode }) {
  const user = useSignedInUser();
  const signOut = useSignOut();
  const { t } = useTranslation();

  return (
    <Group h="100%" px={{ base: "xs", xs: "md" }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        {sidebarToggle}
        <DepartmentBanner hideTextOnPhones />
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <HeaderSearch />
        <Text size="sm" fw={500} truncate maw={{ sm: 160, md: 280 }} visibleFrom="sm">
          {user.displayName}
        </Text>
        <NotificationBell />
        <LanguageSwitch />
        {/* Never cut to "Sig": at 360 px the name has gone and the rest just fits. */}
        <Button variant="default" size="xs" flex="none" onClick={() => void signOut()}>
          {t("action.signOut")}
        </Button>
      </Group>
    </Group>
  );
}
