// Issue 36's movement at size: each seeded task moves through `perTask` holdings (its first,
// assigned by its creator; then marked from one officer to the next; the last to its assignee),
// written by one INSERT ... SELECT over the tasks, and the tasks' holding now set from the last.
// Holders are drawn by hashing the task's id, so a seed is the same every time.
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../src/server/db/client";
import { taskMarkings, tasks, user } from "../src/server/db/schema";

/**
 * Writes the holdings in `tx` (the caller's transaction, with task_markings' secondary indexes
 * dropped and the tasks' counters' triggers off, as for the tasks themselves). Each holding
 * spans an equal share of its task's life, from its creation to its completion (or now); all
 * but the last were opened two hours after marking. One in ten tasks is held now for
 * approval, one in twenty for comments and one in fifty for information.
 */
export async function seedMarkings(
  tx: Db,
  { perTask, holderIds }: { perTask: number; holderIds: readonly string[] },
): Promise<number> {
  if (perTask < 1 || holderIds.length === 0) return 0;
  // Our own ids, never input: an array literal keeps the statement free of a huge parameter.
  const holders = `array[${holderIds.map((id) => `'${id.replaceAll("'", "''")}'`).join(",")}]`;
  const pick = (step: string) =>
    sql.raw(`(${holders})[1 + abs(hashtext(t.id::text || ':' || ${step})) % ${holderIds.length}]`);
  await tx.execute(sql`
    insert into ${taskMarkings} (task_id, kind, from_id, from_name, to_id, to_name, purpose,
      issuer_id, marked_at, opened_at, ended_at)
    select h.task_id, h.kind, h.from_id, coalesce(f.name, ''), h.to_id, coalesce(r.name, ''),
      h.purpose, h.from_id, h.marked_at,
      case when h.ended_at is not null then h.marked_at + interval '2 hours' end, h.ended_at
    from (
      select t.id as task_id, g,
        case when g = 1 then 'assigned' else 'marked' end as kind,
        case when g = 1 then t.created_by else ${pick("(g - 1)")} end as from_id,
        case when g = ${perTask} then t.assigned_to else ${pick("g")} end as to_id,
        case when g < ${perTask} then 'action'
          else (select case when x < 2 then 'information' when x < 7 then 'comments'
            when x < 17 then 'approval' else 'action' end
            from (select abs(hashtext(t.id::text)) % 100 as x) roll) end as purpose,
        t.created_at + span.life * (g - 1) / ${perTask} as marked_at,
        case when g < ${perTask} then t.created_at + span.life * g / ${perTask} end as ended_at
      from ${tasks} t
      cross join lateral (select greatest(
        coalesce(t.completion_date + interval '12 hours', now()) - t.created_at,
        interval '1 hour') as life) span
      cross join generate_series(1, ${perTask}) g
    ) h
    left join ${user} f on f.id = h.from_id
    left join ${user} r on r.id = h.to_id`);
  // The counters' and version triggers have nothing to count here: holder and state stay.
  await tx.execute(sql`alter table ${tasks} disable trigger user`);
  await tx.execute(sql`
    update ${tasks} t set held_since = m.marked_at, marked_by = m.from_id, purpose = m.purpose
    from ${taskMarkings} m where m.task_id = t.id and m.ended_at is null`);
  await tx.execute(sql`alter table ${tasks} enable trigger user`);
  const [{ n }] = rowsOf<{ n: number }>(
    await tx.execute(sql`select count(*)::int as n from ${taskMarkings}`),
  );
  return n;
}
