import { describe, expect, it } from "vitest";
import { engagementInput } from "./engagements";
import { said } from "./i18n/server-instance";

describe("engagementInput", () => {
  const valid = {
    date: "2026-11-24",
    time: "10:30",
    subject: "Budget review",
    venue: "Cabinet Room",
    responsibility: "Secretary HED",
    status: "Scheduled",
  };

  it("accepts a complete engagement", () => {
    expect(engagementInput.parse(valid)).toMatchObject({ ...valid, allowClash: false });
  });

  it.each(["date", "time", "subject", "venue", "responsibility", "status"])(
    "requires %s",
    (field) => {
      const result = engagementInput.safeParse({ ...valid, [field]: "" });
      expect(result.success).toBe(false);
      expect(said(result.error?.issues[0].message ?? "")).toBe(
        "Please fill in all required fields",
      );
    },
  );

  it("refuses impossible dates and times, and venues or statuses off the list", () => {
    for (const change of [
      { date: "2026-02-30" },
      { time: "24:00" },
      { time: "9:5" },
      { venue: "Cafeteria" },
      { status: "meeting held" },
    ]) {
      expect(engagementInput.safeParse({ ...valid, ...change }).success).toBe(false);
    }
  });
});
