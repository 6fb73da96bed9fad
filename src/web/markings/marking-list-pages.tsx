import { Anchor, Group, Select, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { MARK_PURPOSES, PURPOSE_LABELS } from "../../shared/dak";
import {
  type MarkingListItem,
  type MarkingListPage,
  markedByMeListState,
  withMeListState,
} from "../../shared/markings";
import { InstantCell } from "../ui/instant-cell";
import { type Column, DataTable } from "../ui/list/data-table";
import { FilterBar } from "../ui/list/filter-bar";
import { BackToFirstPage, Pager } from "../ui/list/pager";
import { useListState } from "../ui/list/use-list-state";
import { TintedBadge } from "../ui/tinted-badge";
import { useMarkedByMe, useWithMe } from "./marking-queries";

const PURPOSE_FILTERS = ["all", ...MARK_PURPOSES] as const;
const FILTER_FIELDS = ["purpose"] as const;

/** The columns both lists share; `person` names who marked it (With me) or who holds it. */
function listColumns(personHeader: string): Column<MarkingListItem>[] {
  return [
    {
      header: "markings:column.subject",
      isRowHeader: true,
      minWidth: "12rem",
      card: "title",
      render: (item) => (
        <Anchor component={Link} to={`/task/${item.taskId}`} size="sm">
          <bdi>{item.subject}</bdi>
        </Anchor>
      ),
    },
    {
      header: "markings:column.purpose",
      nowrap: true,
      render: (item) => <PurposeBadge item={item} />,
    },
    {
      header: personHeader,
      minWidth: "10rem",
      render: (item) => (
        <Stack gap={0}>
          <Text size="sm">
            <bdi>{item.person.name}</bdi>
          </Text>
          {item.person.designation && (
            <Text size="xs" c="dimmed">
              <bdi>{item.person.designation}</bdi>
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: "markings:column.since",
      nowrap: true,
      render: (item) => <InstantCell timestamp={item.heldSince} />,
    },
    {
      header: "markings:column.daysHeld",
      align: "end",
      nowrap: true,
      render: (item) => item.daysHeld,
    },
    {
      header: "markings:column.opened",
      nowrap: true,
      render: (item) => <OpenedBadge isOpened={item.opened} />,
    },
  ];
}

function PurposeBadge({ item }: { item: MarkingListItem }) {
  const { t } = useTranslation(["markings", "dak"]);
  return <TintedBadge color="blue">{t(PURPOSE_LABELS[item.purpose])}</TintedBadge>;
}

function OpenedBadge({ isOpened }: { isOpened: boolean }) {
  const { t } = useTranslation("markings");
  return (
    <TintedBadge color={isOpened ? "green" : "gray"}>
      {isOpened ? t("opened.yes") : t("opened.no")}
    </TintedBadge>
  );
}

type MarkingListProps = {
  title: string;
  tableLabel: string;
  personHeader: string;
  empty: string;
  query: UseQueryResult<MarkingListPage>;
  page: number;
  onPageChange: (page: number) => void;
  filters?: ReactNode;
};

/** A page of open items, longest held first, with its count and pager. */
function MarkingList({
  title,
  tableLabel,
  personHeader,
  empty,
  query,
  page,
  onPageChange,
  filters,
}: MarkingListProps) {
  const { t } = useTranslation(["markings", "common"]);
  const { data, isPlaceholderData } = query;
  const isCurrent = data !== undefined && !isPlaceholderData;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // A page past the end (an old link, or items moved on): show the last one.
  useEffect(() => {
    if (isCurrent && page > lastPage) onPageChange(lastPage);
  }, [isCurrent, page, lastPage, onPageChange]);

  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        {filters ?? <span />}
        <Text size="sm" c="dimmed" role="status">
          {data ? t("list.count", { count: data.total }) : ""}
        </Text>
      </Group>
      <DataTable
        label={tableLabel}
        columns={listColumns(personHeader)}
        rows={data?.items}
        rowKey={(item) => item.taskId}
        isStale={isPlaceholderData}
        failure={
          query.isError && !data
            ? { message: "markings:list.loadFailed", onRetry: () => void query.refetch() }
            : null
        }
        empty={
          isCurrent && data.total > 0 ? <BackToFirstPage onPageChange={onPageChange} /> : empty
        }
        wrapHeaders
        asCards
      />
      {data && (
        <Pager
          label={t("list.pager")}
          page={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={onPageChange}
        />
      )}
    </Stack>
  );
}

/** /markings/with-me: the open items the signed-in person holds, by purpose, from whom. */
export function WithMePage() {
  const { t } = useTranslation(["markings", "dak", "common"]);
  const list = useListState(withMeListState, FILTER_FIELDS);
  const { purpose, page } = list.values;
  const query = useWithMe(list.values);
  return (
    <MarkingList
      title={t("common:page.withMe")}
      tableLabel="markings:withMe.tableLabel"
      personHeader="markings:column.from"
      empty={purpose === "all" ? "markings:withMe.empty" : "markings:withMe.emptyFiltered"}
      query={query}
      page={page}
      onPageChange={(next) => list.change({ page: next })}
      filters={
        <FilterBar label={t("list.filterLabel")} activeCount={list.activeFilters.length}>
          <Select
            label={t("list.purposeFilter")}
            data={PURPOSE_FILTERS.map((value) => ({
              value,
              label: value === "all" ? t("list.allPurposes") : t(PURPOSE_LABELS[value]),
            }))}
            value={purpose}
            onChange={(value) =>
              list.change({ purpose: withMeListState.shape.purpose.parse(value) })
            }
            allowDeselect={false}
            w={{ base: "100%", xs: 220 }}
          />
        </FilterBar>
      }
    />
  );
}

/** /markings/marked-by-me: what the signed-in person marked onward, pending with whom. */
export function MarkedByMePage() {
  const { t } = useTranslation(["markings", "common"]);
  const list = useListState(markedByMeListState);
  const query = useMarkedByMe(list.values);
  return (
    <MarkingList
      title={t("common:page.markedByMe")}
      tableLabel="markings:markedByMe.tableLabel"
      personHeader="markings:column.with"
      empty="markings:markedByMe.empty"
      query={query}
      page={list.values.page}
      onPageChange={(next) => list.change({ page: next })}
    />
  );
}
