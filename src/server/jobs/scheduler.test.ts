import { describe, expect, it } from "vitest";
import { createScheduler, type Schedule } from "./scheduler";

/** A schedule that records its runs and finishes each when told to. */
function heldSchedule() {
  const finishers: (() => void)[] = [];
  const schedule: Schedule = {
    name: "held",
    run: () => new Promise<void>((resolve) => finishers.push(resolve)),
  };
  return { schedule, finishers };
}

const instant: Schedule = { name: "instant", run: async () => {} };
const noError = (err: unknown) => {
  throw err;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A scheduler ticking at midnight in `timeZone`, as a daily piece of work would. */
function midnightScheduler(
  timeZone: string,
  schedules: Schedule[],
  onError: (err: unknown) => void = noError,
) {
  const scheduler = createScheduler({
    name: "midnight",
    pattern: "0 0 * * *",
    timeZone,
    schedules,
    onError,
  });
  scheduler.start();
  return scheduler;
}

describe("the scheduler", () => {
  it("ticks at midnight in the office's zone, not in UTC", async () => {
    const scheduler = midnightScheduler("Asia/Karachi", [instant]);
    // Karachi is UTC+5 all year: its midnight is 19:00 UTC.
    expect(scheduler.nextRun(new Date("2026-11-22T07:00:00Z"))).toEqual(
      new Date("2026-11-22T19:00:00Z"),
    );
    expect(scheduler.nextRun(new Date("2026-12-31T19:00:00Z"))).toEqual(
      new Date("2027-01-01T19:00:00Z"),
    );
    await scheduler.stop();
  });

  it("follows a zone's daylight saving time", async () => {
    const scheduler = midnightScheduler("Europe/London", [instant]);
    // London's midnight is 00:00 UTC in winter and 23:00 UTC the day before in summer; the
    // clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(scheduler.nextRun(new Date("2026-01-15T12:00:00Z"))).toEqual(
      new Date("2026-01-16T00:00:00Z"),
    );
    expect(scheduler.nextRun(new Date("2026-03-29T12:00:00Z"))).toEqual(
      new Date("2026-03-29T23:00:00Z"),
    );
    expect(scheduler.nextRun(new Date("2026-10-25T12:00:00Z"))).toEqual(
      new Date("2026-10-26T00:00:00Z"),
    );
    await scheduler.stop();
  });

  it("ticks once at start; stopping waits for a running tick and schedules no more", async () => {
    const { schedule, finishers } = heldSchedule();
    const scheduler = midnightScheduler("Asia/Karachi", [schedule]);
    await settle();
    expect(finishers).toHaveLength(1);

    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    finishers[0]();
    await stopping;
    expect(stopped).toBe(true);
    expect(scheduler.nextRun()).toBeNull();
  });

  it("runs one tick at a time and reports a failed one without stopping", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const failingFirst: Schedule = {
      name: "failing first",
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error("database away");
      },
    };
    const scheduler = midnightScheduler("UTC", [failingFirst], (err) => errors.push(err));
    await scheduler.runNow();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error("database away")]);
    await scheduler.stop();
  });

  it("ticks by itself on its pattern", async () => {
    let calls = 0;
    const scheduler = createScheduler({
      name: "every second",
      pattern: "* * * * * *",
      timeZone: "UTC",
      ticksAtStart: false,
      schedules: [
        {
          name: "count",
          run: async () => {
            calls += 1;
          },
        },
      ],
      onError: noError,
    });
    scheduler.start();
    await expect.poll(() => calls, { timeout: 5_000, interval: 50 }).toBeGreaterThan(0);
    await scheduler.stop();
  });
});
