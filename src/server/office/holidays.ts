import { and, asc, eq, gte, lte } from "drizzle-orm";
import {
  type HolidayInput,
  type HolidayItem,
  type HolidayUpdateFields,
  OFFICE_MESSAGES,
} from "../../shared/calendar";
import { formatDisplayDate } from "../../shared/dates";
import type { CurrentUser } from "../../shared/users";
import { actorOf, changedFields, createdFields, deletedFields, hasChanges } from "../audit/changes";
import { type AuditEvent, recordAudit } from "../audit/record";
import { assertOpenedOnCurrent, type ConflictMessages } from "../audit/versions";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { holidays } from "../db/schema";
import { AppError } from "../http/errors";
import type { OfficeDeps } from "./deps";

const HOLIDAY_CONFLICT: ConflictMessages = {
  changedBy: OFFICE_MESSAGES.holidayChangedBy,
  changedAutomatically: OFFICE_MESSAGES.holidayChangedAutomatically,
};

const holidayColumns = { date: holidays.date, name: holidays.name, version: holidays.version };

const taken = (date: string) =>
  new AppError("CONFLICT", OFFICE_MESSAGES.holidayTaken(formatDisplayDate(date)));

/** A holiday's record in the trail: its id there is its date. */
export const holidayEvent = (
  actor: CurrentUser,
  date: string,
  action: AuditEvent["action"],
  changes: AuditEvent["changes"],
): AuditEvent => ({ actor: actorOf(actor), entity: "holiday", entityId: date, action, changes });

/**
 * Refuses an edit of the holiday opened on another version. Holidays keep no time of change:
 * the trail's record of the change gives it, and now stands in should there be none.
 */
const assertHolidayCurrent = (
  { timeZone, clock }: OfficeDeps,
  tx: Db,
  stored: { date: string; version: number },
  opened: number,
) =>
  assertOpenedOnCurrent(
    tx,
    { entity: "holiday", id: stored.date, version: stored.version, updatedAt: clock() },
    opened,
    HOLIDAY_CONFLICT,
    timeZone,
  );

export async function listHolidays({ db }: OfficeDeps, year?: number): Promise<HolidayItem[]> {
  return db
    .select(holidayColumns)
    .from(holidays)
    .where(
      year === undefined
        ? undefined
        : and(gte(holidays.date, `${year}-01-01`), lte(holidays.date, `${year}-12-31`)),
    )
    .orderBy(asc(holidays.date));
}

export async function addHoliday(
  { db, clock }: OfficeDeps,
  actor: CurrentUser,
  input: HolidayInput,
): Promise<HolidayItem> {
  try {
    return await db.transaction(async (tx) => {
      const [added] = await tx.insert(holidays).values(input).returning(holidayColumns);
      const state = { date: input.date, name: input.name };
      await recordAudit(tx, clock(), [
        holidayEvent(actor, input.date, "created", createdFields(state)),
      ]);
      return added;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(input.date);
    throw err;
  }
}

/** Renames a holiday or moves it to another date (`date` is where it is now). */
export async function updateHoliday(
  deps: OfficeDeps,
  actor: CurrentUser,
  date: string,
  input: HolidayUpdateFields,
): Promise<HolidayItem> {
  const { db, clock } = deps;
  const [existing] = await db.select(holidayColumns).from(holidays).where(eq(holidays.date, date));
  if (!existing) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
  // Before the row's lock is taken for it; the check under the lock is the one that holds.
  await assertHolidayCurrent(deps, db, existing, input.version);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select(holidayColumns)
        .from(holidays)
        .where(eq(holidays.date, date))
        .for("update");
      if (!before) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
      await assertHolidayCurrent(deps, tx, before, input.version);
      const after = { date: input.date, name: input.name };
      const [written] = await tx
        .update(holidays)
        .set(after)
        .where(eq(holidays.date, date))
        .returning(holidayColumns);
      const changes = changedFields(before, after, ["date", "name"]);
      if (hasChanges(changes))
        await recordAudit(tx, clock(), [holidayEvent(actor, date, "updated", changes)]);
      return written;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken(input.date);
    throw err;
  }
}

export async function deleteHoliday(
  { db, clock }: OfficeDeps,
  actor: CurrentUser,
  date: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(holidays)
      .where(eq(holidays.date, date))
      .returning({ date: holidays.date, name: holidays.name });
    if (deleted.length === 0) throw new AppError("NOT_FOUND", OFFICE_MESSAGES.holidayNotFound);
    await recordAudit(tx, clock(), [
      holidayEvent(actor, date, "deleted", deletedFields(deleted[0])),
    ]);
  });
}
