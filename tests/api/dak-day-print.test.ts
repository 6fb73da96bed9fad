import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAK_MESSAGES, type DispatchItem, type ReceiptItem } from "../../src/shared/dak";
import { said } from "../../src/shared/i18n/server-instance";
import { createTestApp, type TestApp } from "../helpers/app";
import { formOf } from "../helpers/factories";

type Account = Awaited<ReturnType<TestApp["signedInAs"]>>;

/** Wednesday 25 November 2026, 10:00 in Karachi: the office's today is 2026-11-25. */
const NOW = new Date("2026-11-25T05:00:00Z");
/** The day printed, and the day before it, whose entries stay off its sheet. */
const DAY = "2026-11-24";
const DAY_BEFORE = "2026-11-23";

// Print Day's Register reads GET /api/receipts/export and /api/dispatches/export with `from`
// and `to` both the day: every entry of that day the reader may read, not a page of them.
describe("the day's register as Print Day's Register reads it", () => {
  let t: TestApp;
  let admin: Account;
  let head: Account;
  let officer: Account;
  let other: Account;
  let clerk: Account;
  let unique = 0;
  let receipt: Awaited<ReturnType<typeof diariseTheDay>>;
  let dispatch: Awaited<ReturnType<typeof dispatchTheDay>>;

  async function diarise(extra: Record<string, string>): Promise<ReceiptItem> {
    unique += 1;
    const res = await t.request("/api/receipts", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        receivedOn: DAY,
        mode: "post",
        senderName: "Registrar",
        subject: `Affiliation of colleges ${unique}`,
        category: "General",
        ...extra,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { receipt: ReceiptItem }).receipt;
  }
  async function dispatchOf(extra: Record<string, string>): Promise<DispatchItem> {
    unique += 1;
    const res = await t.request("/api/dispatches", {
      method: "POST",
      cookie: admin.cookie,
      body: formOf({
        dispatchedOn: DAY,
        addressees: "The Registrar",
        subject: `Reply on affiliation ${unique}`,
        mode: "post",
        ...extra,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { dispatch: DispatchItem }).dispatch;
  }
  const marking = (to: string) => ({
    markTo: to,
    markPurpose: "action",
    markDueDate: "2026-11-30",
  });

  /** The day's receipts of every kind, one sent the day before, in the order diarised. */
  async function diariseTheDay() {
    const before = await diarise({ receivedOn: DAY_BEFORE });
    const plain = await diarise({});
    const marked = await diarise(marking(officer.id));
    const confidential = await diarise({ ...marking(officer.id), classification: "confidential" });
    const secret = await diarise({ classification: "secret" });
    return { before, plain, marked, confidential, secret };
  }
  /** The day's dispatches (replies to its receipts among them), one sent the day before. */
  async function dispatchTheDay() {
    const before = await dispatchOf({ dispatchedOn: DAY_BEFORE });
    const plain = await dispatchOf({});
    const reply = await dispatchOf({ receiptId: receipt.marked.id });
    const confidentialReply = await dispatchOf({ receiptId: receipt.confidential.id });
    return { before, plain, reply, confidentialReply };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => NOW });
    admin = await t.signedInAs("admin");
    head = await t.signedInAs("organization_head");
    officer = await t.signedInAs("user");
    other = await t.signedInAs("user");
    clerk = await t.signedInClerk();
    receipt = await diariseTheDay();
    dispatch = await dispatchTheDay();
  });
  afterAll(() => t.close());

  async function receiptsOfDay(cookie: string | undefined, day = DAY) {
    return t.request(`/api/receipts/export?from=${day}&to=${day}`, { cookie });
  }
  async function dispatchesOfDay(cookie: string | undefined, day = DAY) {
    return t.request(`/api/dispatches/export?from=${day}&to=${day}`, { cookie });
  }
  async function receiptNumbers(cookie: string): Promise<string[]> {
    const res = await receiptsOfDay(cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { receipts: ReceiptItem[]; total: number };
    expect(body.total).toBe(body.receipts.length);
    return body.receipts.map((one) => one.diaryNumber);
  }
  async function dispatchNumbers(cookie: string): Promise<string[]> {
    const res = await dispatchesOfDay(cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { dispatches: DispatchItem[]; total: number };
    expect(body.total).toBe(body.dispatches.length);
    return body.dispatches.map((one) => one.dispatchNumber);
  }
  const numbersOf = (...entries: ReceiptItem[]) => entries.map((one) => one.diaryNumber);
  const dispatchNumbersOf = (...entries: DispatchItem[]) =>
    entries.map((one) => one.dispatchNumber);

  it("answers anonymous callers 401", async () => {
    expect((await receiptsOfDay(undefined)).status).toBe(401);
    expect((await dispatchesOfDay(undefined)).status).toBe(401);
  });

  it("gives an administrator every receipt of the day, Confidential and Secret too, newest first", async () => {
    expect(await receiptNumbers(admin.cookie)).toEqual(
      numbersOf(receipt.secret, receipt.confidential, receipt.marked, receipt.plain),
    );
  });

  it("gives the R&I clerk and an organization head the day's Normal receipts only", async () => {
    for (const account of [clerk, head])
      expect(await receiptNumbers(account.cookie)).toEqual(
        numbersOf(receipt.marked, receipt.plain),
      );
  });

  it("gives an officer the day's receipts marked to them, a Confidential one included", async () => {
    expect(await receiptNumbers(officer.cookie)).toEqual(
      numbersOf(receipt.confidential, receipt.marked),
    );
  });

  it("gives a user with nothing marked to them an empty day", async () => {
    expect(await receiptNumbers(other.cookie)).toEqual([]);
  });

  it("gives each reader the day's dispatches they may read, a Confidential reply only its officer and admins", async () => {
    const all = dispatchNumbersOf(dispatch.confidentialReply, dispatch.reply, dispatch.plain);
    expect(await dispatchNumbers(admin.cookie)).toEqual(all);
    for (const account of [clerk, head])
      expect(await dispatchNumbers(account.cookie)).toEqual(
        dispatchNumbersOf(dispatch.reply, dispatch.plain),
      );
    expect(await dispatchNumbers(officer.cookie)).toEqual(
      dispatchNumbersOf(dispatch.confidentialReply, dispatch.reply),
    );
    expect(await dispatchNumbers(other.cookie)).toEqual([]);
  });

  it("keeps each day to itself: the day before holds only its own entries", async () => {
    const receipts = await receiptsOfDay(admin.cookie, DAY_BEFORE);
    expect(
      ((await receipts.json()) as { receipts: ReceiptItem[] }).receipts.map((one) => one.id),
    ).toEqual([receipt.before.id]);
    const dispatches = await dispatchesOfDay(admin.cookie, DAY_BEFORE);
    expect(
      ((await dispatches.json()) as { dispatches: DispatchItem[] }).dispatches.map((one) => one.id),
    ).toEqual([dispatch.before.id]);
  });

  it("refuses a day that is not a calendar date with its message", async () => {
    for (const res of [
      await receiptsOfDay(clerk.cookie, "2026-02-30"),
      await dispatchesOfDay(clerk.cookie, "24/11/2026"),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(said(DAK_MESSAGES.invalidDate));
    }
  });
});
