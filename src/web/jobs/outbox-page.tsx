import { Alert, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { OUTBOX_STATES, outboxQuery } from "../../shared/notifications";
import { OutboxIcon } from "../ui/icons";
import { FilterBar } from "../ui/list/filter-bar";
import { Pager } from "../ui/list/pager";
import { useListState } from "../ui/list/use-list-state";
import { useOutbox } from "./outbox-queries";
import { OUTBOX_STATE_LABELS, OutboxTable } from "./outbox-table";

const STATE_FILTERS = ["all", ...OUTBOX_STATES] as const;
const FILTER_FIELDS = ["state"] as const;

/**
 * /admin/outbox: every mail the app queued (newest first) and how its sending went; a failed
 * one can be sent again. The state shown and the page live in the address.
 */
export function OutboxPage() {
  const { t } = useTranslation(["office", "common"]);
  const list = useListState(outboxQuery, FILTER_FIELDS);
  const { state, page } = list.values;
  const query = useOutbox(list.values);
  const { data, isPlaceholderData } = query;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const isCurrent = data !== undefined && !isPlaceholderData;

  // A page past the end (an old link): show the last one.
  useEffect(() => {
    if (isCurrent && page > lastPage) list.change({ page: lastPage }, { replace: true });
  }, [isCurrent, page, lastPage, list.change]);

  const stateOptions = STATE_FILTERS.map((value) => ({
    value,
    label: t(OUTBOX_STATE_LABELS[value]),
  }));

  return (
    <Stack gap="md">
      <Title order={1}>{t("common:page.outbox")}</Title>
      <Alert variant="light" color="blue" icon={<OutboxIcon />}>
        {t("outbox.placeholderNotSent")}
      </Alert>
      <Group justify="space-between" align="flex-end" gap="sm">
        <FilterBar label={t("outbox.filterLabel")} activeCount={list.activeFilters.length}>
          <Select
            label={t("outbox.state")}
            data={stateOptions}
            value={state}
            onChange={(value) => {
              const parsed = outboxQuery.shape.state.parse(value);
              list.change({ state: parsed });
            }}
            allowDeselect={false}
            w={{ base: "100%", xs: 200 }}
          />
        </FilterBar>
        <Text size="sm" c="dimmed" role="status">
          {data ? t("outbox.count", { count: data.total }) : ""}
        </Text>
      </Group>
      <OutboxTable
        messages={data?.messages}
        isStale={isPlaceholderData}
        failure={
          query.isError && !data
            ? { message: "office:outbox.loadFailed", onRetry: () => void query.refetch() }
            : null
        }
        total={isCurrent ? data.total : undefined}
        isFiltered={state !== "all"}
        onPageChange={(next) => list.change({ page: next })}
      />
      {data && (
        <Pager
          label={t("outbox.pager")}
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => list.change({ page: next })}
        />
      )}
    </Stack>
  );
}
