import { Button, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useSignedInUser } from "../../auth/session";
import { useSignOut } from "../../auth/session-actions";
import { DepartmentBanner } from "../../ui/department-banner";

export const HEADER_HEIGHT = 60;

/** The header of every signed-in page: banner, who is signed in, Sign Out. */
export function AppHeader({ sidebarToggle }: { sidebarToggle?: ReactNode }) {
  const user = useSignedInUser();
  const signOut = useSignOut();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {sidebarToggle}
        <DepartmentBanner hideTextOnPhones />
      </Group>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Text size="sm" fw={500} truncate maw={{ base: 120, sm: 280 }}>
          {user.displayName}
        </Text>
        <Button variant="default" size="xs" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </Group>
    </Group>
  );
}
