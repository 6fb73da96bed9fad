import { ENGAGEMENT_MESSAGES, type EngagementFields } from "../../shared/engagements";
import type { engagements } from "../db/schema";
import { AppError } from "../http/errors";

type EngagementRow = typeof engagements.$inferSelect;

/** Postponed, the original app's spelling included. */
function isPostponed(status: string): boolean {
  return status === "Postponed" || status === "meeting postponed";
}

/** What a status change keeps: the reason shown beside the status, and the first date. */
export type StatusOutcome = {
  statusReason: string | null;
  originalDate: string | null;
  /** The reason for the audit record: given with this change. */
  auditReason: string | null;
};

/**
 * The status rules of an engagement written with `input` (`before`: as it was; null when new).
 * A move to Postponed or to Cancelled needs its reason; the first postponement keeps the date
 * it was set for (later ones keep that first date), and a move to any other status keeps that
 * history but drops the reason. Staying postponed or cancelled keeps the reason unless a new
 * one is given.
 */
export function statusOutcome(
  before: Pick<EngagementRow, "status" | "date" | "originalDate" | "statusReason"> | null,
  input: Pick<EngagementFields, "status" | "statusReason">,
): StatusOutcome {
  const reason = input.statusReason?.trim() || null;
  const originalDate = before?.originalDate ?? null;
  if (input.status === "Postponed" && !(before && isPostponed(before.status))) {
    if (!reason) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.postponeReasonRequired);
    return {
      statusReason: reason,
      originalDate: before ? (before.originalDate ?? before.date) : null,
      auditReason: reason,
    };
  }
  if (input.status === "Cancelled" && before?.status !== "Cancelled") {
    if (!reason) throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.cancelReasonRequired);
    return { statusReason: reason, originalDate, auditReason: reason };
  }
  if (input.status === "Postponed" || input.status === "Cancelled") {
    const isNew = reason !== null && reason !== before?.statusReason;
    return {
      statusReason: reason ?? before?.statusReason ?? null,
      originalDate,
      auditReason: isNew ? reason : null,
    };
  }
  return { statusReason: null, originalDate, auditReason: null };
}
