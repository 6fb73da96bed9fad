import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { TASK_STATUSES } from "../../../shared/tasks";
import { user } from "./users";

/**
 * How many tasks each person has in each status. Statement triggers on tasks keep it exact in
 * the writing transaction (drizzle/0005_task_counts.sql), so list totals and stat cards sum
 * these few rows instead of counting every task.
 */
export const taskCounts = pgTable(
  "task_counts",
  {
    assignedTo: text("assigned_to")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: TASK_STATUSES }).notNull(),
    total: integer("total").notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignedTo, t.status] })],
);

/**
 * How many tasks the department has in each status: task_counts summed over every person, kept
 * by the same triggers (drizzle/0019_task_status_counts.sql), so the department's list total
 * and stat cards read four rows instead of one per person and status (11,970 for 3,000 people).
 */
export const taskStatusCounts = pgTable("task_status_counts", {
  status: text("status", { enum: TASK_STATUSES }).primaryKey(),
  total: integer("total").notNull(),
});

/**
 * Each person's tasks by the month of their assign date, measured as the performance report
 * measures them, kept by the same triggers (drizzle/0020_task_month_counts.sql). A year's
 * report sums about twelve rows a person and reads only the partial months at its ends from
 * the tasks: at 1,000,000 tasks it had read half a million index rows per period.
 */
export const taskMonthCounts = pgTable(
  "task_month_counts",
  {
    /** The first day of the month. */
    month: date("month").notNull(),
    assignedTo: text("assigned_to")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    total: integer("total").notNull(),
    completed: integer("completed").notNull(),
    inProgress: integer("in_progress").notNull(),
    delayed: integer("delayed").notNull(),
    onTime: integer("on_time").notNull(),
    onTimeOriginal: integer("on_time_original").notNull(),
    /** Days from assign date to completion date, summed over the completed tasks that have one. */
    completedDays: integer("completed_days").notNull(),
    completedDated: integer("completed_dated").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.assignedTo] })],
);

/**
 * The department's tasks by day, as the Pendency page's trend counts them, kept by the same
 * triggers (drizzle/0023_task_day_counts.sql): tasks assigned on the day, completed on it, and
 * how the number overdue changes on it (+1 on a task's first overdue day, -1 on its completion
 * date), so "overdue on day r" is the sum up to r. At 1,000,000 tasks the trend had read some
 * 175,000 index rows per request.
 */
export const taskDayCounts = pgTable("task_day_counts", {
  day: date("day").primaryKey(),
  opened: integer("opened").notNull(),
  completed: integer("completed").notNull(),
  overdueChange: integer("overdue_change").notNull(),
});
