/** Excel exports of the lists: sheet names, column headings, the export button. */
export default {
  "column.tasks": "Tasks",
  "column.decisionsAssigned": "Decisions Assigned",
  "column.decisionsDone": "Decisions Done",
  "column.previousCompletionRate": "Previous Completion Rate",
  "column.workingDaysPastDue": "Working days past due",
  "error.badIds": "Choose tasks by their ids, separated by commas",
  "error.tooManyIds": "Export at most 1,000 chosen tasks at once",
};
