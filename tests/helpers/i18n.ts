import type { Message } from "../../src/shared/i18n/message";
import { translateMessage } from "../../src/shared/i18n/message";
import { createFullI18n } from "../../src/shared/i18n/server-instance";

const i18n = createFullI18n({ minLength: 6 });

/** A message as the API says it in English (or `language`): what tests compare answers with. */
export function said(message: Message | string, language: "en" | "ur" = "en"): string {
  return translateMessage(i18n, message, language);
}
