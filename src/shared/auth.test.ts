import { describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import {
  requestPasswordResetBody,
  resetPasswordInputFor,
  signInInput,
  signInUsernameBody,
  signUpInputFor,
  tooManyAttemptsMessage,
  verifyEmailQuery,
} from "./auth";
import { said } from "./i18n/server-instance";

/** The first refusal of `value`, as an English (or Urdu) reader sees it. */
function refusal(schema: z.ZodMiniType, value: unknown, language: "en" | "ur" = "en") {
  const result = schema.safeParse(value);
  return result.success ? null : said(result.error.issues[0].message, language);
}

describe("tooManyAttemptsMessage", () => {
  it("names the wait in whole minutes, rounded up, one minute at least", () => {
    expect(said(tooManyAttemptsMessage(1))).toBe(
      "Too many failed sign-in attempts. Please try again in 1 minute.",
    );
    expect(said(tooManyAttemptsMessage(60))).toBe(
      "Too many failed sign-in attempts. Please try again in 1 minute.",
    );
    expect(said(tooManyAttemptsMessage(61))).toBe(
      "Too many failed sign-in attempts. Please try again in 2 minutes.",
    );
    expect(said(tooManyAttemptsMessage(15 * 60))).toBe(
      "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
  });

  it("names it in Urdu too", () => {
    expect(said(tooManyAttemptsMessage(60), "ur")).toBe(
      "سائن اِن کی بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم 1 منٹ بعد دوبارہ کوشش کریں۔",
    );
    expect(said(tooManyAttemptsMessage(15 * 60), "ur")).toBe(
      "سائن اِن کی بہت زیادہ ناکام کوششیں ہو چکی ہیں۔ براہِ کرم 15 منٹ بعد دوبارہ کوشش کریں۔",
    );
  });
});

describe("the auth forms' and request bodies' rules", () => {
  const passwords = { minLength: 6, isCommon: (password: string) => password === "password" };

  it("word the form rules as SPEC.md does, in either language", () => {
    expect(refusal(signInInput, { identifier: " ", password: "x" })).toBe(
      "Please enter your User ID or e-mail",
    );
    expect(refusal(signInInput, { identifier: "admin", password: "" })).toBe(
      "Please enter your password",
    );
    expect(refusal(signInInput, { identifier: "admin", password: "" }, "ur")).toBe(
      "براہِ کرم اپنا پاس ورڈ درج کریں",
    );
    const signUp = signUpInputFor(passwords);
    const newcomer = { fullName: "Nadia Qureshi", email: "nadia@hed.example", password: "long-1" };
    expect(refusal(signUp, { ...newcomer, fullName: "Admin" })).toBe(
      "This name is reserved. Please enter your own full name.",
    );
    expect(refusal(signUp, { ...newcomer, fullName: "x".repeat(201) })).toBe(
      "Full name must be at most 200 characters long",
    );
    expect(refusal(signUp, { ...newcomer, email: "nadia" })).toBe(
      "Please enter a valid e-mail address",
    );
    expect(refusal(signUp, { ...newcomer, password: "12345" })).toBe(
      "Password must be at least 6 characters long",
    );
    expect(refusal(signUp, { ...newcomer, password: "12345" }, "ur")).toBe(
      "پاس ورڈ کم از کم 6 حروف پر مشتمل ہونا چاہیے",
    );
    expect(refusal(signUp, { ...newcomer, password: "password" })).toBe(
      "This password is too common. Please choose another.",
    );
    expect(refusal(resetPasswordInputFor(passwords), { newPassword: "x".repeat(129) })).toBe(
      "Password must be at most 128 characters long",
    );
  });

  it("name the field and the rule in a request body's refusal", () => {
    const signIn = { username: "admin", password: "secret-1" };
    expect(refusal(signInUsernameBody, { ...signIn, email: "a@hed.example" })).toBe(
      "Unknown field: email",
    );
    expect(refusal(signInUsernameBody, { ...signIn, email: "a@hed.example" }, "ur")).toBe(
      "نامعلوم خانہ: email",
    );
    expect(refusal(signInUsernameBody, null)).toBe("The request body must be a JSON object");
    expect(refusal(signInUsernameBody, { ...signIn, username: 5 })).toBe("User ID must be text");
    expect(refusal(signInUsernameBody, { ...signIn, username: "" })).toBe("User ID is required");
    expect(refusal(signInUsernameBody, { ...signIn, username: "a".repeat(101) })).toBe(
      "User ID must be at most 100 characters long",
    );
    expect(refusal(signInUsernameBody, { ...signIn, username: "admin\u0000" })).toBe(
      "User ID must not contain control characters",
    );
    expect(refusal(signInUsernameBody, { ...signIn, username: "admin\u0000" }, "ur")).toBe(
      "یوزر آئی ڈی میں کنٹرول حروف نہیں ہونے چاہییں",
    );
    expect(
      refusal(requestPasswordResetBody, { email: "a@hed.example", redirectTo: "//evil.example" }),
    ).toBe("Redirect path must be a path on this site");
    expect(refusal(verifyEmailQuery, { token: "a b" })).toBe("The link is not valid");
    expect(refusal(verifyEmailQuery, { token: "abc", next: "/" })).toBe("Unknown parameter: next");
  });
});
