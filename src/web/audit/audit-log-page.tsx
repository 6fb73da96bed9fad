import { Anchor, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  AUDIT_FILTER_FIELDS,
  type AuditItem,
  auditListState,
} from "../../shared/audit";
import { DownloadIcon } from "../ui/action-icons";
import { DateFilter } from "../ui/forms/date-field";
import { InstantCell } from "../ui/instant-cell";
import { type Column, DataTable } from "../ui/list/data-table";
import { ExcelExportButton } from "../ui/list/excel-export-button";
import { FilterBar } from "../ui/list/filter-bar";
import { BackToFirstPage, Pager } from "../ui/list/pager";
import { useListState } from "../ui/list/use-list-state";
import { useAssignableUserOptions } from "../users/assignable-users";
import { ViewsMenu } from "../views/views-menu";
import { auditCsvHref, useAuditLog, useAuditStatus } from "./audit-queries";
import {
  type AuditWords,
  actorName,
  changeLines,
  SHOWN_CHANGES,
  useAuditWords,
} from "./audit-words";

/** "Verified up to #12,345" or "Broken at #123: …", from the chain's own check. */
function ChainStatus() {
  const { t, i18n } = useTranslation("audit");
  const { data, isPending, isError } = useAuditStatus();
  const number = (id: number) => new Intl.NumberFormat(i18n.language).format(id);
  let text: string;
  let color = "dimmed";
  if (isPending) text = t("status.checking");
  else if (isError) text = t("status.failed");
  else if (!data.ok) {
    text = t("status.broken", { id: number(data.brokenAt), problem: data.problem });
    color = "red.9";
  } else if (data.count === 0) text = t("status.empty");
  else {
    text = t("status.verified", { id: number(data.lastId) });
    color = "green.9";
  }
  return (
    <Text size="sm" c={color} role="status">
      {text}
    </Text>
  );
}

/** An event's changes, the first few until the row is opened to show them all. */
function ChangesCell({ event, words }: { event: AuditItem; words: AuditWords }) {
  const [isOpen, setIsOpen] = useState(false);
  const hidden = Object.keys(event.changes).length - SHOWN_CHANGES;
  return (
    <Stack gap={2} align="flex-start">
      {changeLines(event, words, isOpen).map((line) => (
        <Text key={line} size="xs">
          <bdi>{line}</bdi>
        </Text>
      ))}
      {hidden > 0 && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((open) => !open)}
        >
          {isOpen ? words.t("audit:change.fewer") : words.t("audit:change.more", { count: hidden })}
        </Anchor>
      )}
    </Stack>
  );
}

function columnsOf(words: AuditWords): Column<AuditItem>[] {
  const { t } = words;
  // Names, ids and reasons keep their own direction on an Urdu page (<bdi>).
  return [
    { header: "audit:column.number", nowrap: true, align: "end", render: (event) => event.id },
    {
      header: "audit:column.time",
      nowrap: true,
      isRowHeader: true,
      card: "title",
      render: (event) => <InstantCell timestamp={event.at} />,
    },
    {
      header: "audit:column.actor",
      minWidth: "8rem",
      render: (event) => <bdi>{actorName(event, words)}</bdi>,
    },
    {
      header: "audit:column.entity",
      minWidth: "8rem",
      render: (event) => (
        <Stack gap={0}>
          <Text size="sm">{t(AUDIT_ENTITY_LABELS[event.entity])}</Text>
          {event.recordName && (
            <Text size="sm" fw={500} lineClamp={2}>
              <bdi>{event.recordName}</bdi>
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <bdi>{event.entityId}</bdi>
          </Text>
        </Stack>
      ),
    },
    {
      header: "audit:column.action",
      nowrap: true,
      render: (event) => t(AUDIT_ACTION_LABELS[event.action]),
    },
    {
      header: "audit:column.changes",
      minWidth: "14rem",
      render: (event) => <ChangesCell event={event} words={words} />,
    },
    {
      header: "audit:column.reason",
      minWidth: "8rem",
      render: (event) => <bdi>{event.reason ?? ""}</bdi>,
    },
  ];
}

/**
 * /admin/audit-log and /organization/audit-log: the audit trail, read-only, newest first, with
 * its filters and page in the address, a CSV of every matching row, and the chain's status.
 */
export function AuditLogPage() {
  const words = useAuditWords();
  const { t } = words;
  const list = useListState(auditListState, AUDIT_FILTER_FIELDS);
  const filters = list.values;
  const query = useAuditLog(filters);
  const people = useAssignableUserOptions({ includeHeads: true });
  const { data, isPlaceholderData } = query;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const isCurrent = data !== undefined && !isPlaceholderData;

  // A page past the end (an old link): show the last one.
  useEffect(() => {
    if (isCurrent && filters.page > lastPage) list.change({ page: lastPage }, { replace: true });
  }, [isCurrent, filters.page, lastPage, list.change]);

  const entityOptions = AUDIT_ENTITIES.map((value) => ({
    value,
    label: t(AUDIT_ENTITY_LABELS[value]),
  }));
  const actionOptions = AUDIT_ACTIONS.map((value) => ({
    value,
    label: t(AUDIT_ACTION_LABELS[value]),
  }));
  const clearLabel = (field: string) => ({
    "aria-label": t("common:action.clearField", { field }),
  });

  let empty: ReactNode = list.activeFilters.length > 0 ? "audit:emptyFiltered" : "audit:empty";
  if (isCurrent && data.total > 0)
    empty = <BackToFirstPage onPageChange={(page) => list.change({ page })} />;

  return (
    <Stack gap="md">
      <Title order={1}>{t("common:page.auditLog")}</Title>
      <Text size="sm" c="dimmed">
        {t("audit:page.intro")}
      </Text>
      <ChainStatus />
      <Group justify="space-between" align="flex-end" gap="sm">
        <FilterBar
          label={t("audit:filters.label")}
          activeCount={list.activeFilters.length}
          views={<ViewsMenu lists="auditLog" />}
        >
          <Select
            label={t("audit:filter.person")}
            placeholder={t("audit:filter.anyone")}
            data={people.options}
            value={filters.actor ?? null}
            onChange={(actor) => list.change({ actor: actor ?? undefined })}
            searchable
            clearable
            clearButtonProps={clearLabel(t("audit:filter.person"))}
            w={{ base: "100%", xs: 220 }}
          />
          <Select
            label={t("audit:filter.entity")}
            placeholder={t("audit:filter.allEntities")}
            data={entityOptions}
            value={filters.entity ?? null}
            onChange={(entity) =>
              list.change({ entity: auditListState.shape.entity.parse(entity ?? undefined) })
            }
            clearable
            clearButtonProps={clearLabel(t("audit:filter.entity"))}
            w={{ base: "100%", xs: 190 }}
          />
          <Select
            label={t("audit:filter.action")}
            placeholder={t("audit:filter.allActions")}
            data={actionOptions}
            value={filters.action ?? null}
            onChange={(action) =>
              list.change({ action: auditListState.shape.action.parse(action ?? undefined) })
            }
            clearable
            clearButtonProps={clearLabel(t("audit:filter.action"))}
            w={{ base: "100%", xs: 190 }}
          />
          <DateFilter
            label={t("audit:filter.from")}
            value={filters.from}
            onChange={(from) => list.change({ from })}
          />
          <DateFilter
            label={t("audit:filter.to")}
            value={filters.to}
            onChange={(to) => list.change({ to })}
          />
          <Button variant="default" onClick={list.clear} disabled={list.activeFilters.length === 0}>
            {t("common:action.clearFilters")}
          </Button>
        </FilterBar>
        <Group gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {data ? t("audit:count", { count: data.total }) : ""}
          </Text>
          <Button
            component="a"
            href={auditCsvHref(filters)}
            download
            variant="default"
            leftSection={<DownloadIcon />}
          >
            {t("audit:button.downloadCsv")}
          </Button>
          <ExcelExportButton list="audit" filters={filters} isEmpty={data?.total === 0} />
        </Group>
      </Group>
      <DataTable
        label="audit:tableLabel"
        columns={columnsOf(words)}
        rows={data?.events}
        rowKey={(event) => String(event.id)}
        isStale={isPlaceholderData}
        failure={
          query.isError && !data
            ? { message: "audit:loadFailed", onRetry: () => void query.refetch() }
            : null
        }
        empty={empty}
        wrapHeaders
        asCards
      />
      {data && (
        <Pager
          label={t("audit:pager")}
          page={filters.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(page) => list.change({ page })}
        />
      )}
    </Stack>
  );
}
