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

/** A mail's content, already in its reader's language. */
export type MailContent = {
  subject: string;
  /** The paragraphs before the button, each a line of plain text. */
  paragraphs: readonly string[];
  /** Headed lists after the paragraphs (a digest's due and overdue tasks). */
  sections?: readonly { heading: string; items: readonly string[] }[];
  action: { label: string; url: string };
  /** What follows the signature (why the mail came, where to change that), with its link. */
  footer?: { text: string; url: string };
};

/**
 * A mail with one link, in `language`: greeting, the paragraphs, a button, the link spelt
 * out for mail readers that show no button, the signature and the footer. The HTML is wrapped
 * in the language's direction, so an Urdu mail reads right to left; addresses stay left to right.
 */
export function renderMail(
  to: string,
  name: string,
  { subject, paragraphs, sections = [], action, footer }: MailContent,
  language: Language,
): MailMessage {
  const t = i18n.getFixedT(language, "mail");
  const greeting = t("greeting", { name });
  const signature = t("signature");
  const text = [
    greeting,
    "",
    ...paragraphs,
    ...sections.flatMap(({ heading, items }) => ["", heading, ...items.map((item) => `- ${item}`)]),
    "",
    action.url,
    "",
    signature,
    ...(footer ? ["", footer.text, footer.url] : []),
  ].join("\n");
  const link = (url: string) => `<span dir="ltr">${escapeHtml(url)}</span>`;
  const html = [
    `<div dir="${directionOf(language)}" lang="${language}">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...sections.flatMap(({ heading, items }) => [
      `<h3>${escapeHtml(heading)}</h3>`,
      `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
    ]),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="color:#666">${escapeHtml(t("buttonFallback"))}<br>${link(action.url)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
    ...(footer
      ? [
          `<p style="color:#666;font-size:small">${escapeHtml(footer.text)}<br><a href="${escapeHtml(footer.url)}">${link(footer.url)}</a></p>`,
        ]
      : []),
    "</div>",
  ].join("\n");
  return { to, subject, text, html };
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
  const t = i18n.getFixedT(language, "mail");
  const { subject, lines, action } = LINK_MAILS[kind] satisfies MailTexts;
  return renderMail(
    to,
    name,
    {
      subject: t(subject),
      paragraphs: lines.map((line) => t(line)),
      action: { label: t(action), url },
    },
    language,
  );
}
