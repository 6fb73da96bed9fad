/** Pendency and ageing: who holds how much open work, for how long; the weekly trend. */
export default {
  fetchFailed: "Failed to load the pendency figures",
  asOf: "As of {{date}}. Days past due are working days (weekly off days and holidays not counted); this week began on {{weekStart}}.",
  department: "Department (everyone)",
  "table.label": "Open work per person",
  "table.empty": "No one holds tasks yet.",
  "column.person": "Person",
  "column.open": "Open",
  "column.oldest": "Oldest open task",
  "column.completedThisWeek": "Completed this week",
  "column.pendingExtensions": "Pending extensions",
  "column.pendingDecisions": "Pending decisions",
  // Receipts (dak) marked to the person whose task they have not yet completed.
  "column.receiptsAwaitingAction": "Receipts awaiting action",
  // Working days the person's open items have been with them since marked to them, averaged.
  "column.averageDaysHeld": "Average days held",
  // A figure's link, as a screen reader says it: the person, the column and the count.
  figureLink: "{{name}}, {{column}}: {{count}}",
  "oldest.due": "Due {{date}}",
  "oldest.late_one": "Due {{date}}, {{count}} working day past due",
  "oldest.late_other": "Due {{date}}, {{count}} working days past due",
  "oldest.none": "No open task",
  "averageDaysHeld.none": "Nothing held",
  "sort.label": "Sort by",
  "sort.direction": "Order",
  "sort.desc": "Highest first",
  "sort.asc": "Lowest first",
  "trend.title": "Weekly trend, last 12 weeks",
  "trend.opened": "Opened",
  "trend.completed": "Completed",
  "trend.overdue": "Overdue at week end",
  "trend.chartLabel":
    "Line chart of tasks opened, completed and overdue at each week's end over the last 12 weeks; Show as table gives the figures.",
  "trend.showTable": "Show as table",
  "trend.hideTable": "Hide table",
  "trend.tableCaption": "Tasks opened, completed and overdue at the end of each week",
  "trend.week": "Week of",
};
