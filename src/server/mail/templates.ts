import type { ParseKeys } from "i18next";
import { directionOf, type Language } from "../../shared/i18n/languages";
import { fullI18n as i18n } from "../../shared/i18n/server-instance";
import type { MailMessage } from "./mailer";

type MailKey = ParseKeys<"mail">;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** One mail's own texts: its subject, the paragraphs before the link and the button's text. */
type MailTexts = { subject: MailKey; lines: readonly MailKey[]; action: MailKey };

/**
 * A mail with one link, in `language`: greeting, the mail's lines, a button, the link spelt
 * out for mail readers that show no button, and the signature. The HTML is wrapped in the
 * language's direction, so an Urdu mail reads right to left; the address stays left to right.
 */
function withLink(
  to: string,
  name: string,
  { subject, lines, action }: MailTexts,
  url: string,
  language: Language,
): MailMessage {
  const t = i18n.getFixedT(language, "mail");
  const greeting = t("greeting", { name });
  const paragraphs = lines.map((line) => t(line));
  const signature = t("signature");
  const text = [greeting, "", ...paragraphs, "", url, "", signature].join("\n");
  const html = [
    `<div dir="${directionOf(language)}" lang="${language}">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(t(action))}</a></p>`,
    `<p style="color:#666">${escapeHtml(t("buttonFallback"))}<br><span dir="ltr">${escapeHtml(url)}</span></p>`,
    `<p>${escapeHtml(signature)}</p>`,
    "</div>",
  ].join("\n");
  return { to, subject: t(subject), text, html };
}

/** Each mail this app sends: a person's name, one link, and these texts. */
export const LINK_MAILS = {
  passwordReset: {
    subject: "passwordReset.subject",
    lines: ["passwordReset.request", "passwordReset.expiry"],
    action: "passwordReset.action",
  },
  verifyEmail: {
    subject: "verifyEmail.subject",
    lines: ["verifyEmail.created"],
    action: "verifyEmail.action",
  },
  /** Sent instead of a second account when someone signs up with an address already in use. */
  existingAccount: {
    subject: "existingAccount.subject",
    lines: ["existingAccount.attempt", "existingAccount.advice"],
    action: "existingAccount.action",
  },
  /** Tells a newcomer (SIGNUP_ENABLED=approval) that an administrator has let them in. */
  accountApproved: {
    subject: "accountApproved.subject",
    lines: ["accountApproved.approved"],
    action: "accountApproved.action",
  },
} as const satisfies Record<string, MailTexts>;

export type LinkMailKind = keyof typeof LINK_MAILS;

/** The `kind` of mail to `to`, greeting `name`, with `url`, in `language`. */
export function linkMail(
  kind: LinkMailKind,
  to: string,
  name: string,
  url: string,
  language: Language,
): MailMessage {
  return withLink(to, name, LINK_MAILS[kind], url, language);
}
