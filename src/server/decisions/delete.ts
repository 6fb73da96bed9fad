import { eq } from "drizzle-orm";
import { DECISION_MESSAGES } from "../../shared/decisions";
import { type CurrentUser, displayNameOf } from "../../shared/users";
import { engagementDecisions as d } from "../db/schema";
import { AppError } from "../http/errors";
import { recordDecisionAudit } from "./audit";
import type { DecisionDeps } from "./deps";
import { type DecisionRow, selectDecisionRows } from "./read";

/** Deletes a decision; its task, if any, stays as an ordinary task. */
export async function deleteDecision(
  { db, events, clock }: Pick<DecisionDeps, "db" | "events" | "clock">,
  actor: CurrentUser,
  id: string,
): Promise<void> {
  const engagementId = await db.transaction(async (tx) => {
    const [row]: DecisionRow[] = await selectDecisionRows(tx)
      .where(eq(d.id, id))
      .for("update", { of: d });
    if (!row) throw new AppError("NOT_FOUND", DECISION_MESSAGES.notFound);
    await tx.delete(d).where(eq(d.id, id));
    await recordDecisionAudit(tx, clock(), actor, {
      id,
      action: "deleted",
      decision: {
        description: row.description,
        outcome: row.outcome,
        owner: row.owner ? { id: row.owner.id, name: displayNameOf(row.owner) } : null,
        dueDate: row.dueDate,
        reason: row.reason,
        engagement: { id: row.engagement.id, name: row.engagement.subject },
        agendaItem: row.agendaItem ? { id: row.agendaItem.id, name: row.agendaItem.title } : null,
        taskId: row.task?.id ?? null,
      },
    });
    return row.engagement.id;
  });
  events.emit({ entity: "engagement", id: engagementId, action: "updated", actorId: actor.id });
}
