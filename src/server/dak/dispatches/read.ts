import { desc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DAK_MESSAGES, type DispatchItem } from "../../../shared/dak";
import { LINK_TTL } from "../../../shared/files";
import type { CurrentUser } from "../../../shared/users";
import { newestIds } from "../../db/any-of";
import type { Db } from "../../db/client";
import { dispatches, receipts, tasks, user } from "../../db/schema";
import type { SignedLinks } from "../../files/signed-links";
import { AppError } from "../../http/errors";
import type { DakDeps } from "../deps";
import { dakActor, dispatchesReadableByAny } from "../policy";
import { personOf } from "../receipts/read";

const dispatcher = alias(user, "dispatcher");

/** A dispatch with what it answers and who dispatched it; filter, order and window it. */
export function selectDispatchRows(db: Db) {
  return db
    .select({
      dispatch: dispatches,
      receipt: { id: receipts.id, diaryNumber: receipts.diaryNumber },
      task: { id: tasks.id, subject: tasks.subject },
      dispatcher: {
        id: dispatcher.id,
        name: dispatcher.name,
        email: dispatcher.email,
        username: dispatcher.username,
        nameShared: dispatcher.nameShared,
      },
    })
    .from(dispatches)
    .leftJoin(receipts, eq(receipts.id, dispatches.receiptId))
    .leftJoin(tasks, eq(tasks.id, dispatches.taskId))
    .leftJoin(dispatcher, eq(dispatcher.id, dispatches.createdBy))
    .$dynamic();
}

type DispatchRow = Awaited<ReturnType<ReturnType<typeof selectDispatchRows>["execute"]>>[number];

/** A dispatch as the API sends it to `viewer`, the letter's copy as a link issued to them. */
export function presentDispatch(
  row: DispatchRow,
  viewer: CurrentUser,
  links: SignedLinks,
): DispatchItem {
  const d = row.dispatch;
  return {
    id: d.id,
    dispatchNumber: d.dispatchNumber,
    section: d.section,
    dispatchedOn: d.dispatchedOn,
    addressees: d.addressees,
    subject: d.subject,
    mode: d.mode,
    signedBy: d.signedBy,
    enclosures: d.enclosures,
    receipt: row.receipt?.id ? row.receipt : null,
    task: row.task?.id ? row.task : null,
    letter:
      d.letterPath && d.letterName
        ? {
            fileName: d.letterName,
            url: links.create(
              {
                bucket: "dispatch-letters",
                key: d.letterPath,
                fileName: d.letterName,
                mimeType: "application/pdf",
                recordId: d.id,
                holderId: viewer.id,
              },
              LINK_TTL.view,
            ),
          }
        : null,
    dispatchedBy: personOf(row.dispatcher),
    createdAt: new Date(d.createdAt).toISOString(),
  };
}

/**
 * The dispatches matching `where` that `viewer` may read, the newest first, a window of them;
 * filter, order and window it as needed.
 */
export function selectMatchingDispatches(
  db: Db,
  viewer: CurrentUser,
  where: SQL | undefined,
  window?: { limit: number; offset: number },
) {
  const ids = newestIds(
    { table: dispatches, id: dispatches.id, seq: dispatches.seq },
    where,
    dispatchesReadableByAny(dakActor(viewer)),
    window,
  );
  return selectDispatchRows(db).where(inArray(dispatches.id, ids)).orderBy(desc(dispatches.seq));
}

/** The dispatches matching `where` that `viewer` may read, the newest first. */
export async function readDispatches(
  { db, links }: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  where: SQL | undefined,
  window?: { limit: number; offset: number },
): Promise<DispatchItem[]> {
  const rows = await selectMatchingDispatches(db, viewer, where, window);
  return rows.map((row) => presentDispatch(row, viewer, links));
}

/** One dispatch as `viewer` reads it; 404 when it does not exist or is not theirs to read. */
export async function readDispatch(
  deps: Pick<DakDeps, "db" | "links">,
  viewer: CurrentUser,
  id: string,
): Promise<DispatchItem> {
  const [dispatch] = await readDispatches(deps, viewer, eq(dispatches.id, id));
  if (!dispatch) throw new AppError("NOT_FOUND", DAK_MESSAGES.dispatchNotFound);
  return dispatch;
}
