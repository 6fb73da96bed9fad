import { Button, Group, Select, Skeleton, Stack, Text, Title } from "@mantine/core";
import { REPORT_MESSAGES, reportState } from "../../shared/reports";
import { useListState } from "../ui/list/use-list-state";
import { CompletionChart } from "./completion-chart";
import { PerformanceTable } from "./performance-table";
import { downloadReportCsv } from "./report-csv";
import { formatPeriod } from "./report-figures";
import { usePerformanceReport } from "./report-queries";
import { RANGE_OPTIONS, rangeLabel } from "./report-range";
import classes from "./reports.module.css";
import { SummaryCards } from "./summary-cards";

/** /admin/reports: each person's completion, on-time work and trend over a chosen range. */
export function ReportsPage() {
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

  function handleRangeChange(value: string | null) {
    change({ range: reportState.shape.range.parse(value) });
  }

  function handleExport() {
    if (report) downloadReportCsv(report);
  }

  function handlePrint() {
    window.print();
  }

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            {REPORT_MESSAGES.title}
          </Title>
          {report && <Text c="dimmed">{formatPeriod(report)}</Text>}
          {isPending && <Skeleton height={16} width={220} mt={6} />}
          <Text className={classes.printOnly}>Date range: {rangeLabel(range)}</Text>
        </div>
        <Group gap="sm" align="flex-end" className={classes.controls}>
          <Select
            label="Date range"
            data={RANGE_OPTIONS}
            value={String(range)}
            onChange={handleRangeChange}
            allowDeselect={false}
            w={160}
          />
          <Button variant="default" onClick={handleExport} disabled={!report}>
            Export CSV
          </Button>
          <Button variant="default" onClick={handlePrint} disabled={!report}>
            Print Report
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
