import { ne, type SQL, sql } from "drizzle-orm";
import type { CurrentUser } from "../../shared/users";
import type { HiddenRecords } from "../audit/service";
import { deletedRestrictedTasks, dispatches, receipts, tasks } from "../db/schema";
import { tasksReadableBy } from "../tasks/readable";
import { dakActor, dispatchesReadableBy, receiptsReadableBy } from "./policy";

/**
 * The records `reader` may not read, as the audit trail names them (audit/service.ts
 * HiddenFrom). The trail's readers (administrators, organization heads) read every record that
 * is not restricted; of the restricted ones (a restricted task with its response file, a
 * Confidential or Secret receipt or dispatch) those the features' own rules keep from them
 * (tasks/readable.ts, dak/policy.ts) are hidden, and a restricted task deleted since from
 * everyone its rule hid anything from. Each kind is a few rows, found through its partial index
 * (tasks_restricted_idx, receipts_restricted_idx, dispatches_restricted_idx) or its own table.
 */
export function recordsHiddenFrom(reader: CurrentUser): HiddenRecords[] {
  const actor = dakActor(reader);
  const tasksReadable = tasksReadableBy(reader);
  const kinds = [
    {
      entities: ["task", "response_file"] as const,
      table: tasks,
      id: tasks.id,
      restricted: sql`${tasks.restricted}`,
      readable: tasksReadable,
    },
    {
      entities: ["task", "response_file"] as const,
      table: deletedRestrictedTasks,
      id: deletedRestrictedTasks.id,
      restricted: sql`true`,
      // Read by nobody whom the live task's rule limits: their holder may be anyone.
      readable: tasksReadable ? sql`false` : undefined,
    },
    {
      entities: ["receipt"] as const,
      table: receipts,
      id: receipts.id,
      restricted: ne(receipts.classification, "normal"),
      readable: receiptsReadableBy(actor),
    },
    {
      entities: ["dispatch"] as const,
      table: dispatches,
      id: dispatches.id,
      restricted: ne(dispatches.classification, "normal"),
      readable: dispatchesReadableBy(actor),
    },
  ];
  return kinds.flatMap(({ restricted, readable, ...kind }) =>
    readable ? [{ ...kind, hidden: sql`${restricted} and (${readable}) is not true` as SQL }] : [],
  );
}
