import { describe, expect, test } from "vitest";
import { AUTH_MESSAGES } from "../../shared/auth";
import { said } from "../../shared/i18n/server-instance";
import { authErrorMessage, signInErrorMessage } from "./auth-errors";

describe("signInErrorMessage", () => {
  test("wrong credentials read as the SPEC.md message", () => {
    expect(signInErrorMessage({ status: 401, message: "Invalid username or password" })).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
  });

  test("a malformed User ID reads like a wrong one", () => {
    expect(signInErrorMessage({ status: 422, message: "Username is invalid" })).toBe(
      AUTH_MESSAGES.invalidCredentials,
    );
  });

  test("rate limiting shows the server's message in either error shape", () => {
    expect(signInErrorMessage({ status: 429, message: "Slow down" })).toBe("Slow down");
    expect(signInErrorMessage({ status: 429, error: { message: "Wait a minute" } })).toBe(
      "Wait a minute",
    );
  });

  test("the throttle's answer shows its wait, as the server worded it", () => {
    const message = "Too many failed sign-in attempts. Please try again in 4 minutes.";
    const answer = { code: "TOO_MANY_REQUESTS", message };
    expect(signInErrorMessage({ status: 429, error: answer })).toBe(message);
  });

  test("rate limiting without a message falls back to the shared text", () => {
    expect(signInErrorMessage({ status: 429 })).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  test("other refusals, such as an unverified e-mail, show the server's reason", () => {
    expect(signInErrorMessage({ status: 403, message: "Email not verified" })).toBe(
      "Email not verified",
    );
  });
});

describe("a page at an address the server does not trust", () => {
  const refused = {
    status: 403,
    error: {
      message:
        "This page was opened at http://10.0.0.5:3000, which is not the app's address. Open the app at http://localhost:3000 as configured.",
    },
  };

  test("shows the server's advice on sign-in, sign-up and reset alike", () => {
    expect(signInErrorMessage(refused)).toBe(refused.error.message);
    expect(authErrorMessage(refused)).toBe(refused.error.message);
  });

  test("never shows the auth library's bare 'Invalid origin'", () => {
    const bare = { status: 403, code: "INVALID_ORIGIN", message: "Invalid origin" };
    const advice = /^This page is not at the app's configured address/;
    expect(said(signInErrorMessage(bare))).toMatch(advice);
    expect(said(authErrorMessage(bare))).toMatch(advice);
  });
});

describe("authErrorMessage", () => {
  test("prefers the server's message, then the status text", () => {
    expect(authErrorMessage({ status: 422, message: "User already exists" })).toBe(
      "User already exists",
    );
    expect(authErrorMessage({ status: 500, statusText: "Internal Server Error" })).toBe(
      "Internal Server Error",
    );
    expect(said(authErrorMessage({ status: 502 }))).toBe("Request failed (502)");
  });
});
