import { z } from "zod/mini";
import type { MessageKey } from "./i18n/message";
import { withFallbacks } from "./list-state";
import type { Designations } from "./users";

/** SPEC.md section 9: report ranges in days; 30 is the default. */
export const REPORT_RANGES = [7, 30, 90, 365] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];
export const DEFAULT_REPORT_RANGE: ReportRange = 30;

/** Catalog keys (shared/i18n/message.ts): whoever shows one translates it. */
export const REPORT_MESSAGES = {
  title: "common:page.reports",
  fetchFailed: "reports:fetchFailed",
  badRange: "reports:badRange",
} as const satisfies Record<string, MessageKey>;

export const reportQuery = z.object({
  range: z._default(
    z.pipe(
      z.coerce.number({ error: REPORT_MESSAGES.badRange }),
      z.literal(REPORT_RANGES, REPORT_MESSAGES.badRange),
    ),
    DEFAULT_REPORT_RANGE,
  ),
});
export type ReportQuery = z.input<typeof reportQuery>;

/** The report's range in the address bar. */
export const reportState = withFallbacks(reportQuery);

/** Completed divided by total, as a whole percentage. */
export function completionRate(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

/** The API's label values (data, in English); people see them through PERFORMANCE_LABEL_KEYS. */
export type PerformanceLabel = "Excellent" | "Good" | "Average" | "Needs Improvement";

export const PERFORMANCE_LABEL_KEYS = {
  Excellent: "reports:performance.excellent",
  Good: "reports:performance.good",
  Average: "reports:performance.average",
  "Needs Improvement": "reports:performance.needsImprovement",
} as const satisfies Record<PerformanceLabel, MessageKey>;

export function performanceLabel(rate: number): PerformanceLabel {
  if (rate >= 80) return "Excellent";
  if (rate >= 60) return "Good";
  if (rate >= 40) return "Average";
  return "Needs Improvement";
}

export function performanceColor(rate: number): "green" | "yellow" | "red" {
  if (rate >= 80) return "green";
  if (rate >= 60) return "yellow";
  return "red";
}

/** SPEC.md: average completion days are shown as N/A (`notApplicable`) when zero. */
export function formatAverageDays(days: number, notApplicable: string): string {
  return days === 0 ? notApplicable : String(days);
}

/** One row of the report (SPEC.md section 3 'Performance row', plus on-time work and the trend). */
export type PerformanceRow = Designations & {
  userId: string;
  name: string;
  email: string | null;
  totalTasks: number;
  completedTasks: number;
  inProgressTasks: number;
  /** delayed + super_delayed */
  delayedTasks: number;
  completionRate: number;
  /** Mean of completion date minus assign date over completed tasks, rounded; 0 when none. */
  avgCompletionDays: number;
  /** Completed on or before the due date, as a share of completed tasks. */
  onTimeRate: number;
  /** Completed by the due date each task was created with, however often it moved. */
  originalOnTimeRate: number;
  /** Extension requests approved on the person's tasks of the period. */
  extensionsGranted: number;
  /**
   * Meeting decisions the person owns as actions, of meetings held in the period (the meeting's
   * date, as the Decisions page filters), and how many of them are done (their task completed).
   */
  decisionsAssigned: number;
  decisionsDone: number;
  /**
   * Files marked to the person and held at any time in the period (issue 36: each holding of a
   * task; one pulled back before it was opened is not counted), held to its end, to the task's
   * completion, or to today while held.
   */
  holdings: number;
  /** Mean working days each of those was held, to one decimal; null with none. */
  avgDaysHeld: number | null;
  /** How many of them were held longer than the office's time limit for their purpose. */
  holdingsOverLimit: number;
  /** Completion rate in the previous period of the same length, or null with no tasks then. */
  previousCompletionRate: number | null;
  label: PerformanceLabel;
  color: "green" | "yellow" | "red";
};

export type PerformanceReport = {
  range: ReportRange;
  /** First and last assign date counted, yyyy-MM-dd. */
  from: string;
  to: string;
  rows: PerformanceRow[];
};
