import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheduleRuns } from "../../src/server/db/schema";
import { createScheduler, cronSchedule } from "../../src/server/jobs/scheduler";
import { createTestApp, type TestApp } from "../helpers/app";

/** An instant at `time` (HH:MM:SS) office time (Asia/Karachi, UTC+5) on `day`. */
const karachi = (day: string, time: string) => new Date(`${day}T${time}+05:00`);

describe("a schedule on its own cron pattern", () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await createTestApp({ runJobs: false });
    second = await createTestApp({ runJobs: false, instanceOf: first });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it("runs once per time of its pattern in the office's zone, across two instances", async () => {
    const runs: [string, Date][] = [];
    const on = (instance: string, t: TestApp) =>
      cronSchedule({
        name: "nightly",
        pattern: "0 2 * * *",
        timeZone: "Asia/Karachi",
        db: t.db,
        run: async (now) => {
          runs.push([instance, now]);
        },
      });
    const one = on("one", first);
    const two = on("two", second);
    // 02:00 in Karachi is 21:00 UTC the day before.
    expect(one.nextRun(karachi("2026-11-25", "12:00:00"))).toEqual(
      new Date("2026-11-25T21:00:00Z"),
    );

    await Promise.all([
      one.run(karachi("2026-11-26", "01:59:00")),
      two.run(karachi("2026-11-26", "01:59:00")),
    ]);
    expect(runs).toEqual([]);

    const due = karachi("2026-11-26", "02:00:00");
    await Promise.all([one.run(due), two.run(due), one.run(due), two.run(due)]);
    expect(runs).toHaveLength(1);
    await one.run(karachi("2026-11-26", "02:01:00"));
    await two.run(karachi("2026-11-26", "02:01:00"));
    expect(runs).toHaveLength(1);

    // A tick that comes late (the one before ran long) still takes the time that passed.
    await one.run(karachi("2026-11-27", "01:59:00"));
    await one.run(karachi("2026-11-27", "02:03:00"));
    expect(runs.map(([, now]) => now)).toEqual([due, karachi("2026-11-27", "02:03:00")]);

    const slots = await first.db.select().from(scheduleRuns);
    expect(slots.filter((row) => row.schedule === "nightly").map((row) => row.slot)).toEqual([
      "2026-11-25T21:00:00.000Z",
      "2026-11-26T21:00:00.000Z",
    ]);
  });

  it("the scheduler runs its schedules in order on each tick, as at the injected clock", async () => {
    const seen: string[] = [];
    let now = karachi("2026-11-26", "08:00:00");
    const scheduler = createScheduler({
      name: "test",
      timeZone: "Asia/Karachi",
      clock: () => now,
      schedules: [
        { name: "a", run: async (at) => void seen.push(`a ${at.toISOString()}`) },
        { name: "b", run: async (at) => void seen.push(`b ${at.toISOString()}`) },
      ],
      onError: (err) => {
        throw err;
      },
    });
    await scheduler.tick();
    now = karachi("2026-11-26", "08:01:00");
    await scheduler.runNow();
    expect(seen).toEqual([
      "a 2026-11-26T03:00:00.000Z",
      "b 2026-11-26T03:00:00.000Z",
      "a 2026-11-26T03:01:00.000Z",
      "b 2026-11-26T03:01:00.000Z",
    ]);
    expect(scheduler.nextRun()).toBeNull();
  });
});
