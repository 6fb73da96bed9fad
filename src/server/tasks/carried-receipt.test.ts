import { describe, expect, it } from "vitest";
import type { Classification, DakActor } from "../../shared/dak";
import { carriedReceiptFor } from "./carried-receipt";

const admin: DakActor = { id: "admin", role: "admin", receiptIssueDuty: false };
const head: DakActor = { id: "head", role: "organization_head", receiptIssueDuty: false };
const clerk: DakActor = { id: "clerk", role: "user", receiptIssueDuty: true };
const officer: DakActor = { id: "officer", role: "user", receiptIssueDuty: false };
const holder: DakActor = { id: "holder", role: "user", receiptIssueDuty: false };
const stranger: DakActor = { id: "stranger", role: "user", receiptIssueDuty: false };

const task = { assignedTo: holder.id };
const receiptOf = (classification: Classification) => ({
  id: "receipt",
  diaryNumber: "HED-2026-00042",
  classification,
  markedTo: officer.id,
});
const shown = (viewer: DakActor, classification: Classification) =>
  carriedReceiptFor(viewer, task, receiptOf(classification))?.diaryNumber ?? null;

describe("a task's receipt as its reader sees it", () => {
  it("is nothing when the task carries none", () => {
    expect(carriedReceiptFor(admin, task, null)).toBeNull();
  });

  it("shows a Normal receipt to the registers' keepers, heads, its officer and the task's holder", () => {
    for (const viewer of [admin, head, clerk, officer, holder])
      expect(shown(viewer, "normal"), viewer.id).toBe("HED-2026-00042");
    expect(shown(stranger, "normal")).toBeNull();
  });

  it("shows a Confidential or Secret receipt only to admins, its officer and the task's holder", () => {
    for (const classification of ["confidential", "secret"] as const) {
      for (const viewer of [admin, officer, holder])
        expect(shown(viewer, classification), viewer.id).toBe("HED-2026-00042");
      for (const viewer of [head, clerk, stranger])
        expect(shown(viewer, classification), viewer.id).toBeNull();
    }
  });

  it("sends the receipt's id and number, nothing of who may read it", () => {
    expect(carriedReceiptFor(admin, task, receiptOf("secret"))).toEqual({
      id: "receipt",
      diaryNumber: "HED-2026-00042",
    });
  });
});
