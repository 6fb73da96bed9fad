import { Box, Group, Pagination, Text } from "@mantine/core";

type TaskPagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
};

const CONTROL_LABELS = {
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
} as const;

/** Which rows are shown, and the pages to move between when there is more than one. */
export function TaskPager({ page, pageSize, total, onChange }: TaskPagerProps) {
  const pageCount = Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  if (first > total) return null;
  const last = Math.min(page * pageSize, total);

  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        Showing {first}–{last} of {total}
      </Text>
      {pageCount > 1 && (
        <Box component="nav" aria-label="Pages">
          <Pagination
            total={pageCount}
            value={page}
            onChange={onChange}
            size="sm"
            getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
            getControlProps={(control) => ({ "aria-label": CONTROL_LABELS[control] })}
          />
        </Box>
      )}
    </Group>
  );
}
