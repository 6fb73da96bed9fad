import { describe, expect, it } from "vitest";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type { PerformanceReport, PerformanceRow } from "../../shared/reports";
import { buildReportCsv, reportCsvFileName } from "./report-csv";
import { REPORTS_NAMESPACES } from "./report-figures";

const t = i18n.getFixedT("en", REPORTS_NAMESPACES);

const base: PerformanceRow = {
  userId: "u1",
  name: "Asma Khan",
  email: "asma@hed.example",
  designation: null,
  designationUr: null,
  totalTasks: 4,
  completedTasks: 2,
  inProgressTasks: 1,
  delayedTasks: 1,
  completionRate: 50,
  avgCompletionDays: 2,
  onTimeRate: 50,
  originalOnTimeRate: 0,
  extensionsGranted: 1,
  decisionsAssigned: 2,
  decisionsDone: 1,
  holdings: 3,
  avgDaysHeld: 2.5,
  holdingsOverLimit: 1,
  previousCompletionRate: 58,
  label: "Average",
  color: "red",
};

const report: PerformanceReport = {
  range: 7,
  from: "2026-11-15",
  to: "2026-11-22",
  rows: [
    base,
    {
      ...base,
      userId: "u2",
      name: 'Bilal "BB", Ahmed',
      email: null,
      avgCompletionDays: 0,
      previousCompletionRate: null,
    },
    { ...base, userId: "u3", name: "=HYPERLINK(1)", email: null, previousCompletionRate: 40 },
  ],
};

describe("report CSV", () => {
  it("has a title line, the table's header and one line per person", () => {
    expect(buildReportCsv(report, t).split("\r\n")).toEqual([
      '"Performance Reports, 2026-11-15 to 2026-11-22"',
      "User,Email,Total,Completed,In Progress,Over Due,Completion Rate,On Time,On Time (Original Due Date),Extensions Granted,Decisions Complied,Avg. Days,Files Held,Avg. Working Days Held,Held Over Limit,Trend,Performance",
      "Asma Khan,asma@hed.example,4,2,1,1,50%,50%,0%,1,1 / 2,2,3,2.5,1,-8%,Average",
      '"Bilal ""BB"", Ahmed",,4,2,1,1,50%,50%,0%,1,1 / 2,N/A,3,2.5,1,—,Average',
      "'=HYPERLINK(1),,4,2,1,1,50%,50%,0%,1,1 / 2,2,3,2.5,1,+10%,Average",
      "",
    ]);
  });

  it("says N/A for on-time work of someone who completed nothing, as the table does", () => {
    const idle: PerformanceRow = {
      ...base,
      name: "Dawood Shah",
      email: null,
      completedTasks: 0,
      inProgressTasks: 4,
      delayedTasks: 0,
      completionRate: 0,
      avgCompletionDays: 0,
      onTimeRate: 0,
      extensionsGranted: 0,
      decisionsAssigned: 0,
      decisionsDone: 0,
      holdings: 0,
      avgDaysHeld: null,
      holdingsOverLimit: 0,
      previousCompletionRate: null,
      label: "Needs Improvement",
    };
    expect(buildReportCsv({ ...report, rows: [idle] }, t).split("\r\n")[2]).toBe(
      "Dawood Shah,,4,0,4,0,0%,N/A,N/A,0,N/A,N/A,0,N/A,0,—,Needs Improvement",
    );
  });

  it("speaks Urdu for an Urdu page: title, header and labels, figures unchanged", () => {
    const lines = buildReportCsv(report, i18n.getFixedT("ur", REPORTS_NAMESPACES)).split("\r\n");
    expect(lines[0]).toBe("کارکردگی رپورٹس، 2026-11-15 تا 2026-11-22");
    expect(lines[1].split(",")[0]).toBe("صارف");
    expect(lines[3]).toBe(
      '"Bilal ""BB"", Ahmed",,4,2,1,1,50%,50%,0%,1,1 / 2,لاگو نہیں,3,2.5,1,—,اوسط',
    );
  });

  it("names the file after the period", () => {
    expect(reportCsvFileName(report)).toBe("performance-report-2026-11-15-to-2026-11-22.csv");
  });
});
