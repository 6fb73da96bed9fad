import { describe, expect, test } from "vitest";
import { AUTH_MESSAGES } from "../../shared/auth";
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

  test("rate limiting without a message falls back to the shared text", () => {
    expect(signInErrorMessage({ status: 429 })).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  test("other refusals, such as an unverified e-mail, show the server's reason", () => {
    expect(signInErrorMessage({ status: 403, message: "Email not verified" })).toBe(
      "Email not verified",
    );
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
  });
});
