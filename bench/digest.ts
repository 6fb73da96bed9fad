// The morning digest on the seeded data (issue 15): one real run of runDigest, timed, in this
// process while no server owns the database; what it queued is removed again so the server's
// cases that follow are not also sending a few hundred mails. The harness's first start, on
// the empty database, already claimed today's digest when it ran after the digest time, so
// the claim is let go first: the run measured here is the one on the seeded data. The Daily
// Brief's mail is timed the same way, with every administrator and organization head opted in
// (it is opt-in): the most readers it can have.
import { sql } from "drizzle-orm";
import { runBriefMail } from "../src/server/brief/mail";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { runDigest } from "../src/server/digest/service";
import {
  readOfficeCalendar,
  readOfficeSettings,
  writeOfficeSettings,
} from "../src/server/office/settings";
import { addWorkingDays, isWorkingDay } from "../src/shared/calendar";
import { todayIn } from "../src/shared/dates";

export type DigestTiming = {
  ms: number;
  day: string;
  people: number;
  mails: number;
  brief: { ms: number; mails: number };
};

export async function timeDigest(): Promise<DigestTiming> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const { db } = database;
    const today = todayIn(config.timezone);
    const calendar = await readOfficeCalendar(db);
    const day = isWorkingDay(today, calendar) ? today : addWorkingDays(today, 1, calendar);
    await db.execute(sql`delete from schedule_runs where schedule = 'digest'`);
    const started = performance.now();
    const run = await runDigest(db, { appUrl: config.appUrl, today: day, now: new Date() });
    const ms = Math.round(performance.now() - started);
    if (!run) throw new Error(`no digest ran for ${day}`);

    const settings = await readOfficeSettings(db);
    await writeOfficeSettings(db, {
      ...settings,
      emailDefaults: { ...settings.emailDefaults, daily_brief: true },
    });
    await db.execute(sql`delete from schedule_runs where schedule = 'daily_brief'`);
    const briefStarted = performance.now();
    const brief = await runBriefMail(db, { appUrl: config.appUrl, today: day, now: new Date() });
    const briefMs = Math.round(performance.now() - briefStarted);
    await writeOfficeSettings(db, settings);
    if (!brief) throw new Error(`no brief ran for ${day}`);
    await db.execute(sql`delete from jobs`);
    await db.execute(sql`delete from notifications`);
    await db.execute(sql`delete from schedule_runs`);
    return {
      ms,
      day,
      people: run.people,
      mails: run.mails,
      brief: { ms: briefMs, mails: brief.mails },
    };
  } finally {
    await database.close();
  }
}
