import { describe, expect, it } from "vitest";
import {
  createUserInputFor,
  DESIGNATION_MAX_LENGTH,
  designationIn,
  displayNameOf,
  editUserFieldsInput,
  isPlaceholderEmail,
  placeholderEmail,
} from "./users";

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

describe("designationIn", () => {
  const both = { designation: "Section Officer (General)", designationUr: "سیکشن آفیسر (جنرل)" };

  it("answers the Urdu designation on Urdu pages and the English one on English pages", () => {
    expect(designationIn(both, "ur")).toBe("سیکشن آفیسر (جنرل)");
    expect(designationIn(both, "en")).toBe("Section Officer (General)");
  });

  it("falls back to the English one on Urdu pages, and answers null when there is none", () => {
    expect(designationIn({ ...both, designationUr: null }, "ur")).toBe("Section Officer (General)");
    expect(designationIn({ designation: null, designationUr: null }, "ur")).toBeNull();
    expect(designationIn({ designation: null, designationUr: "سیکشن آفیسر" }, "en")).toBeNull();
  });
});

describe("designations in the account forms", () => {
  const create = createUserInputFor({ minLength: 6 });
  const base = { userId: "asma", password: "asma-pass-1", fullName: "Asma" };

  it("are trimmed; blank or null means none, left out stays undefined", () => {
    expect(create.parse({ ...base, designation: "  Deputy Secretary " })).toMatchObject({
      designation: "Deputy Secretary",
    });
    expect(create.parse({ ...base, designation: "   ", designationUr: null })).toMatchObject({
      designation: null,
      designationUr: null,
    });
    const edit = editUserFieldsInput.parse({ fullName: "Asma", role: "user" });
    expect(edit.designation).toBeUndefined();
  });

  it(`refuse more than ${DESIGNATION_MAX_LENGTH} characters, control characters and other types`, () => {
    for (const designation of ["x".repeat(DESIGNATION_MAX_LENGTH + 1), "a\u0000b", 5, true]) {
      expect(create.safeParse({ ...base, designation }).success).toBe(false);
    }
    expect(
      create.safeParse({ ...base, designation: "x".repeat(DESIGNATION_MAX_LENGTH) }).success,
    ).toBe(true);
  });
});
