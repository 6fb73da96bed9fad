import { ne, type SQL, sql } from "drizzle-orm";
import type { CurrentUser } from "../../shared/users";
import type { HiddenRecords } from "../audit/service";
import { dispatches, receipts, tasks } from "../db/schema";
import { tasksReadableBy } from "../tasks/readable";
import { dakActor, dispatchesReadableBy, receiptsReadableBy } from "./policy";

/**
 * The records `reader` may not read, as the audit trail names them (audit/service.ts
 * HiddenFrom). The trail's readers (administrators, organization heads) read every record that
 * is not restricted; of the restricted ones (a restricted task with its response file, a
 * Confidential or Secret receipt or dispatch) those the features' own rules keep from them
 * (tasks/readable.ts, dak/policy.ts) are hidden. Each kind is a few rows, found through its
 * partial index (tasks_restricted_idx, receipts_restricted_idx, dispatches_restricted_idx).
 */
export function recordsHiddenFrom(reader: CurrentUser): HiddenRecords[] {
  const actor = dakActor(reader);
  const kinds = [
    {
      entities: ["task", "response_file"] as const,
      table: tasks,
      id: tasks.id,
      restricted: sql`${tasks.restricted}`,
      readable: tasksReadableBy(reader),
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
