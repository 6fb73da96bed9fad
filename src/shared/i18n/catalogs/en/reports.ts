/** Performance Reports: the page, its summary, chart, table, CSV export and print-out. */
export default {
  fetchFailed: "Failed to fetch performance reports",
  badRange: "Range must be 7, 30, 90 or 365 days",

  // The period.
  "range.label": "Date range",
  range_one: "Last {{count}} day",
  range_other: "Last {{count}} days",
  "print.range": "Date range: {{range}}",
  period: "{{from}} – {{to}}",

  "action.exportCsv": "Export CSV",
  "action.print": "Print Report",

  // Summary cards.
  "summary.people": "People in Report",
  "summary.totalTasks": "Total Tasks",
  "summary.completionRate": "Overall Completion Rate",
  "summary.onTimeRate": "Overall On-Time Rate",

  // The chart.
  "chart.title": "Completion Rate by User",

  // The table (and the CSV's header).
  "table.label": "Performance by user",
  "table.empty": "No tasks were assigned in this period.",
  "column.user": "User",
  "column.email": "Email",
  "column.total": "Total",
  "column.completed": "Completed",
  "column.inProgress": "In Progress",
  "column.overDue": "Over Due",
  "column.completionRate": "Completion Rate",
  "column.onTime": "On Time",
  "column.onTimeOriginal": "On Time (Original Due Date)",
  "column.extensions": "Extensions Granted",
  "column.decisions": "Decisions Complied",
  "column.avgDays": "Avg. Days",
  "column.trend": "Trend",
  // Files marked to the person and held in the period (issue 36), against the office's limits.
  "column.holdings": "Files Held",
  "column.avgDaysHeld": "Avg. Working Days Held",
  "column.overLimit": "Held Over Limit",
  "column.performance": "Performance",
  notApplicable: "N/A",

  // Performance labels (the API's `label` values).
  "performance.excellent": "Excellent",
  "performance.good": "Good",
  "performance.average": "Average",
  "performance.needsImprovement": "Needs Improvement",

  // The trend, as a screen reader hears it.
  "trend.none": "No tasks in the previous period",
  "trend.same": "No change from the previous period",
  "trend.up_one": "Up {{count}} point from the previous period",
  "trend.up_other": "Up {{count}} points from the previous period",
  "trend.down_one": "Down {{count}} point from the previous period",
  "trend.down_other": "Down {{count}} points from the previous period",

  "csv.title": "Performance Reports, {{from}} to {{to}}",
} as const;
