import { describe, expect, it } from "vitest";
import { message, translateMessage } from "./message";
import { fullI18n as i18n } from "./server-instance";

describe("translateMessage", () => {
  it("translates a key into each language", () => {
    expect(translateMessage(i18n, "common:error.forbidden", "en")).toBe(
      "You do not have permission to do this",
    );
    expect(translateMessage(i18n, "error.forbidden", "ur")).toBe("آپ کو یہ کام کرنے کی اجازت نہیں");
  });

  it("fills values, translating a value that is itself a key", () => {
    const text = message("common:text.controlCharacters", { field: "common:role.admin" });
    expect(translateMessage(i18n, text, "en")).toBe("Admin must not contain control characters");
    expect(translateMessage(i18n, text, "ur")).toBe("منتظم میں کنٹرول حروف نہیں ہونے چاہییں");
  });

  it("leaves text that is not a key as it is", () => {
    expect(translateMessage(i18n, "Invalid input: expected string", "ur")).toBe(
      "Invalid input: expected string",
    );
    expect(translateMessage(i18n, "nope|{not json", "en")).toBe("nope|{not json");
  });
});
