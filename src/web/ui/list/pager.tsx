import { Box, Button, Group, Pagination, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

type PagerProps = {
  /** Names the page navigation, e.g. "User pages" beside another list's; "Pages" by default. */
  label?: string;
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
};

const CONTROL_LABELS = {
  first: "pager.first",
  previous: "pager.previous",
  next: "pager.next",
  last: "pager.last",
} as const;

/**
 * Under a server-paged list: which rows are shown, and the pages to move between when there is
 * more than one. Nothing while the page asked for lies past the end (the list says so itself).
 * Mantine turns the arrows round when the page reads right to left.
 */
export function Pager({ label, page, pageSize, total, onChange }: PagerProps) {
  const { t } = useTranslation();
  const pageCount = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  if (first > total) return null;
  const last = Math.min(page * pageSize, total);

  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t("pager.showing", { first, last, total })}
      </Text>
      {pageCount > 1 && (
        <Box component="nav" aria-label={label ?? t("pager.label")}>
          <Pagination
            total={pageCount}
            value={page}
            onChange={onChange}
            size="sm"
            getItemProps={(item) => ({ "aria-label": t("pager.page", { page: item }) })}
            getControlProps={(control) => ({ "aria-label": t(CONTROL_LABELS[control]) })}
          />
        </Box>
      )}
    </Group>
  );
}

/**
 * What a later page says once its rows were removed while it was open (here or by someone
 * else): not "nothing here", since earlier pages still hold rows, but a way back to the first.
 */
export function BackToFirstPage({ onPageChange }: { onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="default" size="xs" onClick={() => onPageChange(1)}>
      {t("action.backToFirstPage")}
    </Button>
  );
}
