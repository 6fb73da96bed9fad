import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receipts, registerCounters, tasks } from "../../src/server/db/schema";
import { DAK_MESSAGES, type DispatchItem, type ReceiptItem } from "../../src/shared/dak";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");
const TODAY = "2026-11-25";

/**
 * Diary and dispatch numbers under concurrent writes: gapless, consecutive, and never spent by
 * a write that fails. Runs on PGlite (one connection) and, under `npm run test:pg`, on
 * PostgreSQL (a pool of connections whose transactions really overlap).
 */
describe("register numbers under concurrency", () => {
  let t: TestApp;
  let admin: Account;
  let officer: Account;
  let unique = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    officer = await t.signedInAs("user");
  });
  afterAll(() => t.close());

  function diarise(extra: Record<string, string> = {}) {
    unique += 1;
    return t.request("/api/receipts", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        receivedOn: TODAY,
        mode: "post",
        senderName: "Registrar",
        subject: `Concurrent letter ${unique}`,
        category: "General",
        ...extra,
      }),
    });
  }
  /** Diarise and Mark to an account that cannot be given tasks: refused inside the transaction. */
  const failing = () =>
    diarise({
      markTo: "no-such-account",
      markPurpose: "action",
      markDueDate: "2026-11-30",
    });
  const numberOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { receipt: ReceiptItem }).receipt.diaryNumber;
  };
  const diary = (seq: number) => `HED-2026-${String(seq).padStart(5, "0")}`;
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);
  async function counter(register: "diary" | "dispatch") {
    const [row] = await t.db
      .select({ last: registerCounters.last })
      .from(registerCounters)
      .where(
        and(
          eq(registerCounters.register, register),
          eq(registerCounters.scope, ""),
          eq(registerCounters.year, 2026),
        ),
      );
    return row?.last;
  }

  it("gives 20 concurrent diarisations 20 distinct consecutive numbers, 00001 to 00020", async () => {
    const answers = await Promise.all(range(1, 20).map(() => diarise()));
    const numbers = await Promise.all(answers.map(numberOf));
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort()).toEqual(range(1, 20).map(diary));
    // The register's order (seq) is the numbers' order: each drew its number in turn.
    const stored = await t.db
      .select({ number: receipts.diaryNumber })
      .from(receipts)
      .orderBy(receipts.seq);
    expect(stored.map((row) => row.number)).toEqual(range(1, 20).map(diary));
    expect(await counter("diary")).toBe(20);
  });

  it("spends no number on a diarisation whose transaction fails", async () => {
    const tasksBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks))[0].n;
    const refused = await failing();
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(said(DAK_MESSAGES.invalidMarkTo));
    expect(await counter("diary")).toBe(20);
    expect(await numberOf(await diarise())).toBe(diary(21));

    // Failures among concurrent successes leave no gap either.
    const answers = await Promise.all(
      range(1, 15).map((i) => (i % 3 === 0 ? failing() : diarise())),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    const numbers = await Promise.all(answers.filter((res) => res.status !== 400).map(numberOf));
    expect([...numbers].sort()).toEqual(range(22, 31).map(diary));
    expect(await counter("diary")).toBe(31);
    const count = (await t.db.select({ n: sql<number>`count(*)::int` }).from(receipts))[0].n;
    expect(count).toBe(31);
    // Nothing of the refused markings was left: no task, no receipt.
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks))[0].n).toBe(
      tasksBefore,
    );

    // And a real marking among them still takes the next number.
    const marked = await diarise({
      markTo: officer.id,
      markPurpose: "action",
      markDueDate: "2026-11-30",
    });
    expect(await numberOf(marked)).toBe(diary(32));
  });

  it("gives concurrent dispatches consecutive numbers from their own sequence", async () => {
    const answers = await Promise.all(
      range(1, 12).map((i) =>
        t.request("/api/dispatches", {
          method: "POST",
          cookie: admin.cookie,
          body: formOf({
            dispatchedOn: TODAY,
            addressees: `Principal ${i}`,
            subject: `Circular ${i}`,
            mode: "email",
          }),
        }),
      ),
    );
    const numbers = await Promise.all(
      answers.map(async (res) => {
        expect(res.status, await res.clone().text()).toBe(201);
        return ((await res.json()) as { dispatch: DispatchItem }).dispatch.dispatchNumber;
      }),
    );
    expect([...numbers].sort()).toEqual(
      range(1, 12).map((seq) => `HED-OUT-2026-${String(seq).padStart(5, "0")}`),
    );
    expect(await counter("dispatch")).toBe(12);
    expect(await counter("diary")).toBe(32);
  });
});
