import { Button, Collapse, Group, Stack, useMantineTheme } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

type FilterBarProps = {
  /** Names the group of fields for assistive technology and tests ("Filter tasks"). */
  label: string;
  /** How many filters are in force, shown on the phone's button. */
  activeCount: number;
  children: ReactNode;
  /**
   * The list's saved-views menu, placed after the fields; a slot so that the kit stands below
   * the features (the menu lives in views/).
   */
  views?: ReactNode;
};

/**
 * A list's filter fields in a row. On phones (up to Mantine's `xs`, 576px) the fields stack
 * one under another and would push the list off the first screen, so they fold behind a
 * "Filters" button that says how many are in force.
 */
export function FilterBar({ label, activeCount, children, views }: FilterBarProps) {
  const theme = useMantineTheme();
  // Read at once rather than after the first paint, so a phone never shows the open block.
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, false, {
    getInitialValueInEffect: false,
  });
  const [isOpen, { toggle }] = useDisclosure(false);
  const fieldsId = useId();
  const { t } = useTranslation();

  const fields = (
    <Group id={fieldsId} role="group" aria-label={label} align="flex-end" gap="sm">
      {children}
      {views}
    </Group>
  );
  if (!isPhone) return fields;

  return (
    <Stack gap="sm">
      <Button
        variant="default"
        w="fit-content"
        aria-expanded={isOpen}
        aria-controls={fieldsId}
        onClick={toggle}
      >
        {activeCount > 0 ? t("filter.toggleActive", { active: activeCount }) : t("filter.toggle")}
      </Button>
      <Collapse expanded={isOpen}>{fields}</Collapse>
    </Stack>
  );
}
