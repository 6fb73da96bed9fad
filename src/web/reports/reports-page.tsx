import { Button, Group, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { REPORT_RANGES, reportState } from "../../shared/reports";
import { ExcelExportButton } from "../ui/list/excel-export-button";
import { useListState } from "../ui/list/use-list-state";
import { useDisplayDate } from "../ui/use-display-date";
import { ViewsMenu } from "../views/views-menu";
import { CompletionChart } from "./completion-chart";
import { PerformanceTable } from "./performance-table";
import { downloadReportCsv } from "./report-csv";
import { formatPeriod, REPORTS_NAMESPACES, rangeLabel } from "./report-figures";
import { usePerformanceReport } from "./report-queries";
import classes from "./reports.module.css";
import { SummaryCards } from "./summary-cards";

/** /admin/reports: each person's completion, on-time work and trend over a chosen range. */
export function ReportsPage() {
  const { t } = useTranslation(REPORTS_NAMESPACES);
  const displayDate = useDisplayDate();
  // The chosen range lives in the address, so a reload or a shared link shows the same report.
  const { values, change } = useListState(reportState);
  const { range } = values;
  const {
    data: report,
    isPending,
    isError,
    isPlaceholderData,
    refetch,
  } = usePerformanceReport(range);

  // Nothing to show but the table's message and its Try Again button.
  const hasFailed = isError && !report;
  const rangeOptions = REPORT_RANGES.map((value) => ({
    value: String(value),
    label: rangeLabel(value, t),
  }));

  function handleRangeChange(value: string | null) {
    change({ range: reportState.shape.range.parse(value) });
  }

  function handleExport() {
    // The CSV speaks the page's language, as the table on screen does.
    if (report) downloadReportCsv(report, t);
  }

  function handlePrint() {
    window.print();
  }

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {t("common:page.reports")}
          </Title>
          {report && <Text c="dimmed">{formatPeriod(report, t, displayDate)}</Text>}
          {isPending && <Skeleton height={16} width={220} mt={6} />}
          <Text className={classes.printOnly}>
            {t("print.range", { range: rangeLabel(range, t) })}
          </Text>
        </div>
        <Group gap="sm" align="flex-end" className={classes.controls}>
          <Select
            label={t("range.label")}
            data={rangeOptions}
            value={String(range)}
            onChange={handleRangeChange}
            allowDeselect={false}
            w={160}
          />
          <ViewsMenu lists="reports" />
          <Button variant="default" onClick={handleExport} disabled={!report}>
            {t("action.exportCsv")}
          </Button>
          <ExcelExportButton list="report" filters={{ range }} isEmpty={!report?.rows.length} />
          <Button variant="default" onClick={handlePrint} disabled={!report}>
            {t("action.print")}
          </Button>
        </Group>
      </Group>
      {!hasFailed && (
        <>
          <SummaryCards rows={report?.rows} />
          <CompletionChart rows={report?.rows} />
        </>
      )}
      <PerformanceTable
        report={report}
        isStale={isPlaceholderData}
        hasFailed={hasFailed}
        onRetry={() => void refetch()}
      />
    </Stack>
  );
}
