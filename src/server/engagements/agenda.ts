import { and, asc, eq, notInArray, type SQL } from "drizzle-orm";
import type { AgendaItem } from "../../shared/engagements";
import { ENGAGEMENT_MESSAGES, MAX_MINUTES_BYTES } from "../../shared/engagements";
import type { Db } from "../db/client";
import { engagementAgendaItems } from "../db/schema";
import { AppError } from "../http/errors";
import { presentAgendaItem } from "./present";

/** One agenda item as PUT /api/engagements/:id/agenda hands it over (trimmed). */
export type AgendaItemFields = { id?: string; title: string; presenter: string };

/** An agenda item as the audit trail names it: its title, and who presents it. */
export function agendaLine(item: Pick<AgendaItem, "title" | "presenter">): string {
  return item.presenter ? `${item.title} (${item.presenter})` : item.title;
}

/**
 * The agenda's words, all items together, stay within the minutes' limit (100 KB of UTF-8):
 * each item's title and presenter are bounded by the schema, their sum here.
 */
export function assertAgendaSize(items: readonly AgendaItemFields[]): void {
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const item of items)
    bytes += encoder.encode(item.title).length + encoder.encode(item.presenter).length;
  if (bytes > MAX_MINUTES_BYTES)
    throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.agendaTooLong);
}

/** The agenda of each engagement `where` selects (all of them without it), in order: one query. */
export async function agendasOf(db: Db, where?: SQL): Promise<Map<string, AgendaItem[]>> {
  const rows = await db
    .select()
    .from(engagementAgendaItems)
    .where(where)
    .orderBy(
      asc(engagementAgendaItems.engagementId),
      asc(engagementAgendaItems.position),
      asc(engagementAgendaItems.id),
    );
  const byEngagement = new Map<string, AgendaItem[]>();
  for (const row of rows) {
    const list = byEngagement.get(row.engagementId) ?? [];
    list.push(presentAgendaItem(row));
    byEngagement.set(row.engagementId, list);
  }
  return byEngagement;
}

/** One engagement's agenda, in order. */
export async function agendaOf(db: Db, engagementId: string): Promise<AgendaItem[]> {
  const agendas = await agendasOf(db, eq(engagementAgendaItems.engagementId, engagementId));
  return agendas.get(engagementId) ?? [];
}

/**
 * The engagement's agenda becomes `items`, in `tx` (the engagement's row already locked): an
 * item sent with its id keeps it (so decisions taken on it keep pointing at it), one without
 * is added, one left out is removed; positions run 1..n in the order sent. An id that is not
 * one of this engagement's items, or is sent twice, refuses the whole agenda.
 */
export async function replaceAgenda(
  tx: Db,
  engagementId: string,
  items: readonly AgendaItemFields[],
): Promise<{ before: AgendaItem[]; after: AgendaItem[] }> {
  const before = await agendaOf(tx, engagementId);
  const existing = new Set(before.map((item) => item.id));
  const kept = items.flatMap((item) => (item.id ? [item.id] : []));
  if (new Set(kept).size !== kept.length || kept.some((id) => !existing.has(id)))
    throw new AppError("VALIDATION", ENGAGEMENT_MESSAGES.invalidAgendaItem);

  await tx
    .delete(engagementAgendaItems)
    .where(
      and(
        eq(engagementAgendaItems.engagementId, engagementId),
        kept.length ? notInArray(engagementAgendaItems.id, kept) : undefined,
      ),
    );
  const added: (typeof engagementAgendaItems.$inferInsert)[] = [];
  for (const [index, item] of items.entries()) {
    const fields = { position: index + 1, title: item.title, presenter: item.presenter };
    if (item.id)
      await tx
        .update(engagementAgendaItems)
        .set(fields)
        .where(
          and(
            eq(engagementAgendaItems.id, item.id),
            eq(engagementAgendaItems.engagementId, engagementId),
          ),
        );
    else added.push({ engagementId, ...fields });
  }
  if (added.length) await tx.insert(engagementAgendaItems).values(added);
  return { before, after: await agendaOf(tx, engagementId) };
}
