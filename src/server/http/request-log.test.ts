import { describe, expect, it } from "vitest";
import { redactedUrl } from "./request-log";

const show = (pathAndQuery: string) => redactedUrl(new URL(`http://localhost${pathAndQuery}`));

describe("redactedUrl", () => {
  it("hides tokens carried in paths", () => {
    expect(show("/api/auth/reset-password/abc123")).toBe("/api/auth/reset-password/[redacted]");
    expect(show("/api/files/eyJ.sig")).toBe("/api/files/[redacted]");
    expect(show("/api/calendar/tok_en.ics")).toBe("/api/calendar/[redacted].ics");
    expect(show("/api/calendar/tok_en")).toBe("/api/calendar/[redacted]");
  });

  it("hides query values that are or carry tokens, and keeps the rest", () => {
    expect(
      show("/api/auth/reset-password/abc?callbackURL=http%3A%2F%2Fx%2Freset%3Ftoken%3Dabc&lang=en"),
    ).toBe("/api/auth/reset-password/[redacted]?callbackURL=[redacted]&lang=en");
    expect(show("/api/auth/verify-email?token=abc&callbackURL=%2F")).toBe(
      "/api/auth/verify-email?token=[redacted]&callbackURL=[redacted]",
    );
    expect(show("/api/tasks?status=overdue&page=2")).toBe("/api/tasks?status=overdue&page=2");
  });

  it("leaves paths without tokens as they are", () => {
    expect(show("/api/calendar/feed")).toBe("/api/calendar/feed");
    expect(show("/api/files")).toBe("/api/files");
    expect(show("/assets/index-abc.js")).toBe("/assets/index-abc.js");
  });
});
