import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useWindowEvent } from "@mantine/hooks";
import { type ReactNode, useEffect, useState } from "react";
import { createPortal, flushSync } from "react-dom";
import { useTranslation } from "react-i18next";
import { todayIn } from "../../shared/dates";
import {
  DECISION_STATUS_LABELS,
  DECISION_STATUSES,
  type DecisionFilters,
  decisionListState,
} from "../../shared/decisions";
import { usePublicConfig } from "../api/public-config";
import { useEngagements } from "../engagements/engagement-queries";
import { DownloadIcon, PrintIcon } from "../ui/action-icons";
import { DateField } from "../ui/forms/date-field";
import { ExcelExportButton } from "../ui/list/excel-export-button";
import { FilterBar } from "../ui/list/filter-bar";
import { BackToFirstPage, Pager } from "../ui/list/pager";
import { useListState } from "../ui/list/use-list-state";
import { notifyError } from "../ui/notify";
import { useDisplayDate } from "../ui/use-display-date";
import { useAssignableUserOptions } from "../users/assignable-users";
import { ViewsMenu } from "../views/views-menu";
import { ComplianceSummary } from "./compliance-summary";
import { downloadDecisionsCsv } from "./decision-csv";
import {
  DECISION_FILTER_FIELDS,
  DECISIONS_NAMESPACES,
  describeDecisionFilters,
} from "./decision-display";
import { DecisionPrintArea, type DecisionPrintout } from "./decision-print";
import { fetchAllDecisions, useDecisions } from "./decision-queries";
import { DecisionTable } from "./decision-table";

type ExportFilters = Omit<DecisionFilters, "page">;

/** Print and Export CSV: every decision the filters match, fetched when asked for. */
function useDecisionOutputs(filters: ExportFilters, summary: string) {
  const { t } = useTranslation(DECISIONS_NAMESPACES);
  const timezone = usePublicConfig().data?.timezone;
  const [printout, setPrintout] = useState<DecisionPrintout | null>(null);
  const [preparing, setPreparing] = useState<"print" | "export" | null>(null);
  // The printout goes once printing is over, so a later Ctrl+P prints the page as it is.
  useWindowEvent("afterprint", () => setPrintout(null));

  async function prepare(kind: "print" | "export") {
    setPreparing(kind);
    try {
      const all = await fetchAllDecisions(filters);
      if (kind === "export") {
        downloadDecisionsCsv(all.decisions, filters, summary, t);
        return;
      }
      const today = todayIn(timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
      // The table must be in the document before the print dialog takes its snapshot.
      flushSync(() =>
        setPrintout({
          decisions: all.decisions,
          compliance: all.compliance,
          filterSummary: summary,
          today,
        }),
      );
      window.print();
    } catch {
      notifyError("decisions:error.loadFailed");
    } finally {
      setPreparing(null);
    }
  }

  return { printout, preparing, prepare };
}

/**
 * /admin/decisions and /organization/decisions: every meeting's decisions, the most days overdue
 * first (the server sorts), filtered by meeting, owner, status and the meetings' dates (all in
 * the address), with the compliance of the filtered set; printable on A4 and exportable as CSV.
 */
export function DecisionsPage() {
  const { t } = useTranslation(DECISIONS_NAMESPACES);
  const displayDate = useDisplayDate();
  const list = useListState(decisionListState, DECISION_FILTER_FIELDS);
  const filters = list.values;
  const { page: _page, ...exportFilters } = filters;
  const query = useDecisions(filters);
  const { data, isPlaceholderData } = query;
  const people = useAssignableUserOptions();
  const meetings = useEngagements({ range: "all", order: "desc" });
  const meetingOptions = (meetings.data?.engagements ?? []).map((engagement) => ({
    value: engagement.id,
    label: `${displayDate(engagement.date)} · ${engagement.subject}`,
  }));
  const statusOptions = DECISION_STATUSES.map((value) => ({
    value,
    label: t(DECISION_STATUS_LABELS[value]),
  }));
  const summary = describeDecisionFilters(
    exportFilters,
    {
      meeting: meetingOptions.find((option) => option.value === filters.engagement)?.label,
      owner: people.options.find((option) => option.value === filters.owner)?.label,
    },
    t,
    displayDate,
  );
  const outputs = useDecisionOutputs(exportFilters, summary);
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const isCurrent = data !== undefined && !isPlaceholderData;

  // A page past the end (an old link): show the last one.
  useEffect(() => {
    if (isCurrent && filters.page > lastPage) list.change({ page: lastPage }, { replace: true });
  }, [isCurrent, filters.page, lastPage, list.change]);

  const clearLabel = (field: string) => ({
    "aria-label": t("common:action.clearField", { field }),
  });

  let empty: ReactNode =
    list.activeFilters.length > 0 ? "decisions:page.emptyFiltered" : "decisions:page.empty";
  if (isCurrent && data.total > 0)
    empty = <BackToFirstPage onPageChange={(page) => list.change({ page })} />;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{t("common:page.decisions")}</Title>
        <Text c="dimmed">{t("page.intro")}</Text>
      </Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <FilterBar
          label={t("filters.label")}
          activeCount={list.activeFilters.length}
          views={<ViewsMenu lists="decisions" />}
        >
          <Select
            label={t("column.meeting")}
            placeholder={t("filters.anyMeeting")}
            data={meetingOptions}
            value={filters.engagement ?? null}
            onChange={(engagement) => list.change({ engagement: engagement ?? undefined })}
            searchable
            clearable
            clearButtonProps={clearLabel(t("column.meeting"))}
            nothingFoundMessage={t("filters.noMatchingMeetings")}
            w={{ base: "100%", xs: 260 }}
          />
          <Select
            label={t("column.owner")}
            placeholder={t("filters.anyone")}
            data={people.options}
            value={filters.owner ?? null}
            onChange={(owner) => list.change({ owner: owner ?? undefined })}
            searchable
            clearable
            clearButtonProps={clearLabel(t("column.owner"))}
            nothingFoundMessage={t("recorder.noMatchingPeople")}
            w={{ base: "100%", xs: 220 }}
          />
          <Select
            label={t("column.status")}
            placeholder={t("filters.anyStatus")}
            data={statusOptions}
            value={filters.status ?? null}
            onChange={(status) =>
              list.change({ status: decisionListState.shape.status.parse(status ?? undefined) })
            }
            clearable
            clearButtonProps={clearLabel(t("column.status"))}
            w={{ base: "100%", xs: 160 }}
          />
          <DateField
            label={t("filters.from")}
            placeholder={t("common:date.any")}
            clearable
            value={filters.from}
            maxDate={filters.to}
            onChange={(from) => list.change({ from: from || undefined })}
            w={{ base: "100%", xs: 170 }}
          />
          <DateField
            label={t("filters.to")}
            placeholder={t("common:date.any")}
            clearable
            value={filters.to}
            minDate={filters.from}
            onChange={(to) => list.change({ to: to || undefined })}
            w={{ base: "100%", xs: 170 }}
          />
          <Button variant="default" onClick={list.clear} disabled={list.activeFilters.length === 0}>
            {t("common:action.clearFilters")}
          </Button>
        </FilterBar>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<PrintIcon />}
            loading={outputs.preparing === "print"}
            disabled={!data || data.total === 0}
            onClick={() => void outputs.prepare("print")}
          >
            {t("action.print")}
          </Button>
          <Button
            variant="default"
            leftSection={<DownloadIcon />}
            loading={outputs.preparing === "export"}
            disabled={!data || data.total === 0}
            onClick={() => void outputs.prepare("export")}
          >
            {t("action.exportCsv")}
          </Button>
          <ExcelExportButton list="decisions" filters={exportFilters} isEmpty={data?.total === 0} />
        </Group>
      </Group>
      {data && <ComplianceSummary compliance={data.compliance} />}
      <DecisionTable
        decisions={data?.decisions}
        showMeeting
        isStale={isPlaceholderData}
        failure={
          query.isError && !data
            ? { message: "decisions:error.loadFailed", onRetry: () => void query.refetch() }
            : null
        }
        empty={empty}
      />
      {data && (
        <Pager
          label={t("pager")}
          page={filters.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(page) => list.change({ page })}
        />
      )}
      {outputs.printout && createPortal(<DecisionPrintArea {...outputs.printout} />, document.body)}
    </Stack>
  );
}
