import type { AuditValue } from "../../shared/audit";
import type { CurrentUser } from "../../shared/users";
import { actorOf, createdFields, deletedFields, type PersonRef } from "../audit/changes";
import { recordAudit } from "../audit/record";
import type { Db } from "../db/client";

type Ref = { id: string; name: string };

/**
 * What the trail records of a decision: its meeting, agenda item and owner by id and name then
 * (so the history reads without joins), and the task carrying it out.
 */
export type DecisionAuditFields = {
  description: string;
  outcome: string;
  owner: PersonRef | null;
  dueDate: string | null;
  reason: string | null;
  engagement: Ref;
  agendaItem: Ref | null;
  taskId: string | null;
};

function decisionAuditState(fields: DecisionAuditFields): Record<string, AuditValue> {
  return {
    description: fields.description,
    outcome: fields.outcome,
    owner: fields.owner,
    dueDate: fields.dueDate,
    reason: fields.reason ?? "",
    engagement: fields.engagement,
    agendaItem: fields.agendaItem,
    task: fields.taskId,
  };
}

/** The audit record of decision `id` created or deleted by `actor`, in `tx`. */
export function recordDecisionAudit(
  tx: Db,
  at: Date,
  actor: CurrentUser,
  change: { id: string; action: "created" | "deleted"; decision: DecisionAuditFields },
): Promise<void> {
  const state = decisionAuditState(change.decision);
  return recordAudit(tx, at, [
    {
      actor: actorOf(actor),
      entity: "decision",
      entityId: change.id,
      action: change.action,
      changes: change.action === "created" ? createdFields(state) : deletedFields(state),
    },
  ]);
}
