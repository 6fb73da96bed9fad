import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { createTurns } from "./turns";

/** A piece of work that ends when told to, and says when it started. */
function held() {
  let finish = () => {};
  let started = false;
  const work = () =>
    new Promise<void>((resolve) => {
      started = true;
      finish = resolve;
    });
  return { work, finish: () => finish(), hasStarted: () => started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("createTurns", () => {
  it("runs a key's work a few at a time in the order it came, and refuses past the queue", async () => {
    const inTurn = createTurns({ atOnce: 1, waiting: 2 });
    const [first, second, third] = [held(), held(), held()];
    const done = [first, second, third].map((h) => inTurn("203.0.113.1", h.work));
    await expect(inTurn("203.0.113.1", async () => "fourth")).rejects.toMatchObject({
      code: "BUSY",
    });
    await settle();
    expect([first, second, third].map((h) => h.hasStarted())).toEqual([true, false, false]);
    // Another key has turns of its own.
    await expect(inTurn("203.0.113.2", async () => "other")).resolves.toBe("other");

    first.finish();
    await done[0];
    await settle();
    expect(second.hasStarted()).toBe(true);
    expect(third.hasStarted()).toBe(false);
    second.finish();
    await settle();
    third.finish();
    await Promise.all(done);
    // Once the queue is empty, the key starts afresh.
    await expect(inTurn("203.0.113.1", async () => "again")).resolves.toBe("again");
  });

  it("frees the turn of work that throws", async () => {
    const inTurn = createTurns({ atOnce: 1, waiting: 0 });
    await expect(
      inTurn("k", async () => {
        throw new Error("broken");
      }),
    ).rejects.toThrow("broken");
    await settle();
    await expect(inTurn("k", async () => 1)).resolves.toBe(1);
    // With no room to wait, a second piece of work while one runs is refused at once.
    const running = held();
    const first = inTurn("k", running.work);
    const refused = await inTurn("k", async () => 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    running.finish();
    await first;
  });
});
