import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../src/server/db/client";

export type RegisterSeed = {
  receipts: number;
  dispatches: number;
  ms: number;
  sampleNumber: string;
};

/**
 * The diary and dispatch registers at size (issue 35), written by the database itself in one
 * statement each: receipts over the five years before `today` (one in fifty Confidential, a
 * third marked to `officerId`), dispatches over the same years (one in fifty Confidential).
 * Numbers follow the default templates, a running number per year.
 */
export async function seedRegisters(
  db: Db,
  sizes: { receipts: number; dispatches: number; today: string; officerId: string },
): Promise<RegisterSeed> {
  const started = performance.now();
  const days = 5 * 365;
  if (sizes.receipts > 0)
    await db.execute(sql`
      insert into receipts (diary_number, received_on, mode, sender_name, sender_organisation,
        letter_number, subject, category, classification, status, marked_to, mark_purpose,
        created_at)
      select 'HED-' || to_char(day, 'YYYY') || '-'
          || lpad((row_number() over (partition by to_char(day, 'YYYY') order by g))::text, 6, '0'),
        day,
        (array['by_hand','post','courier','fax','email','eoffice'])[1 + g % 6],
        'Registrar ' || (g % 97),
        (array['University of the Punjab','GC University','Directorate of Colleges',
          'Chief Minister''s Office','Lahore High Court'])[1 + g % 5],
        'No. SO(' || (g % 40) || ')/' || g,
        (array['Enrolment figures','Budget release','Court case','Assembly question',
          'Audit para','Transfer request','Hostel repairs','Scholarship'])[1 + g % 8]
          || ' ' || g,
        (array['CM Directive','Chief Secretary','Court Case','Assembly Question','Audit Para',
          'RTI','General'])[1 + g % 7],
        case when g % 50 = 0 then 'confidential' else 'normal' end,
        case when g % 3 = 0 then 'marked' when g % 3 = 1 then 'pending' else 'closed' end,
        case when g % 3 = 0 then ${sizes.officerId}::text end,
        case when g % 3 = 0 then 'action' end,
        day::timestamptz + interval '9 hours'
      from (
        select g, ${sizes.today}::date - ${days}::int + (g * ${days}::int / ${sizes.receipts}::int) as day
        from generate_series(0, ${sizes.receipts - 1}::int) as g
      ) as spread`);
  if (sizes.dispatches > 0)
    await db.execute(sql`
      insert into dispatches (dispatch_number, dispatched_on, addressees, subject, mode,
        signed_by, classification, created_at)
      select 'HED-OUT-' || to_char(day, 'YYYY') || '-'
          || lpad((row_number() over (partition by to_char(day, 'YYYY') order by g))::text, 6, '0'),
        day,
        jsonb_build_array('The Principal, Government College ' || (g % 300)),
        'Reply: enrolment figures ' || g,
        (array['post','registered_post','courier','by_hand','email','eoffice'])[1 + g % 6],
        'Deputy Secretary (Admin)',
        case when g % 50 = 0 then 'confidential' else 'normal' end,
        day::timestamptz + interval '15 hours'
      from (
        select g, ${sizes.today}::date - ${days}::int + (g * ${days}::int / ${sizes.dispatches}::int) as day
        from generate_series(0, ${sizes.dispatches - 1}::int) as g
      ) as spread`);
  const [sample] = rowsOf<{ diary_number: string }>(
    await db.execute(
      sql`select diary_number from receipts order by seq desc
        offset ${Math.min(1000, Math.floor(sizes.receipts / 2))}::int limit 1`,
    ),
  );
  return {
    receipts: sizes.receipts,
    dispatches: sizes.dispatches,
    ms: Math.round(performance.now() - started),
    sampleNumber: sample?.diary_number ?? "",
  };
}
