import { describe, expect, it } from "vitest";
import { type OverdueSweeper, scheduleOverdueSweep } from "./overdue";

/** A sweeper that records its runs and finishes each when told to. */
function fakeSweeper() {
  const finishers: (() => void)[] = [];
  const sweeper = {
    sweep: () => new Promise<void>((resolve) => finishers.push(resolve)),
    ensureSwept: async () => {},
  } satisfies OverdueSweeper;
  return { sweeper, finishers };
}

const instantSweeper = { sweep: async () => {}, ensureSwept: async () => {} };
const noError = (err: unknown) => {
  throw err;
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("scheduleOverdueSweep", () => {
  it("sweeps at midnight in the office's zone, not in UTC", async () => {
    const schedule = scheduleOverdueSweep({
      sweeper: instantSweeper,
      timeZone: "Asia/Karachi",
      onError: noError,
    });
    // Karachi is UTC+5 all year: its midnight is 19:00 UTC.
    expect(schedule.nextRun(new Date("2026-11-22T07:00:00Z"))).toEqual(
      new Date("2026-11-22T19:00:00Z"),
    );
    expect(schedule.nextRun(new Date("2026-12-31T19:00:00Z"))).toEqual(
      new Date("2027-01-01T19:00:00Z"),
    );
    await schedule.stop();
  });

  it("follows a zone's daylight saving time", async () => {
    const schedule = scheduleOverdueSweep({
      sweeper: instantSweeper,
      timeZone: "Europe/London",
      onError: noError,
    });
    // London's midnight is 00:00 UTC in winter and 23:00 UTC the day before in summer; the
    // clocks go forward on 29 March 2026 and back on 25 October 2026.
    expect(schedule.nextRun(new Date("2026-01-15T12:00:00Z"))).toEqual(
      new Date("2026-01-16T00:00:00Z"),
    );
    expect(schedule.nextRun(new Date("2026-03-29T12:00:00Z"))).toEqual(
      new Date("2026-03-29T23:00:00Z"),
    );
    expect(schedule.nextRun(new Date("2026-10-25T12:00:00Z"))).toEqual(
      new Date("2026-10-26T00:00:00Z"),
    );
    await schedule.stop();
  });

  it("sweeps once at start; stopping waits for a running sweep and schedules no more", async () => {
    const { sweeper, finishers } = fakeSweeper();
    const schedule = scheduleOverdueSweep({ sweeper, timeZone: "Asia/Karachi", onError: noError });
    await settle();
    expect(finishers).toHaveLength(1);

    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    finishers[0]();
    await stopping;
    expect(stopped).toBe(true);
    expect(schedule.nextRun()).toBeNull();
  });

  it("runs one sweep at a time and reports a failed one without stopping", async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const sweeper = {
      sweep: async () => {
        calls += 1;
        if (calls === 1) throw new Error("database away");
      },
      ensureSwept: async () => {},
    } satisfies OverdueSweeper;
    const schedule = scheduleOverdueSweep({
      sweeper,
      timeZone: "UTC",
      onError: (err) => errors.push(err),
    });
    await schedule.runNow();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error("database away")]);
    await schedule.stop();
  });
});
