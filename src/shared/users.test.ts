import { describe, expect, it } from "vitest";
import { displayNameOf, isPlaceholderEmail, placeholderEmail } from "./users";

describe("displayNameOf", () => {
  it("prefers the full name", () => {
    expect(displayNameOf({ name: "Asma Khan", email: "asma@hed.example", username: "asma" })).toBe(
      "Asma Khan",
    );
  });

  it("falls back to the e-mail when the name is missing or blank", () => {
    expect(displayNameOf({ name: "  ", email: "asma@hed.example", username: "asma" })).toBe(
      "asma@hed.example",
    );
    expect(displayNameOf({ email: "asma@hed.example" })).toBe("asma@hed.example");
  });

  it("falls back to the User ID when there is no real e-mail", () => {
    expect(displayNameOf({ name: null, email: placeholderEmail("asma"), username: "asma" })).toBe(
      "asma",
    );
  });
});

describe("placeholder e-mails", () => {
  it("are recognised, whatever the case", () => {
    expect(isPlaceholderEmail(placeholderEmail("Admin"))).toBe(true);
    expect(isPlaceholderEmail("ADMIN@USERS.HED.INVALID")).toBe(true);
    expect(isPlaceholderEmail("admin@hed.example")).toBe(false);
    expect(isPlaceholderEmail(null)).toBe(false);
  });
});
