import type { MailMessage } from "./mailer";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function withLink(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: string,
  url: string,
): MailMessage {
  const text = [greeting, "", ...lines, "", url, "", "HED Task Manager"].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666">If the button does not work, copy this address into your browser:<br>${escapeHtml(url)}</p>`,
    "<p>HED Task Manager</p>",
  ].join("\n");
  return { to, subject, text, html };
}

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  return withLink(
    to,
    "Reset your HED Task Manager password",
    `Dear ${name},`,
    [
      "We received a request to reset your password. Open the link below to choose a new one.",
      "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail.",
    ],
    "Reset password",
    url,
  );
}

export function verifyEmailMail(to: string, name: string, url: string): MailMessage {
  return withLink(
    to,
    "Verify your HED Task Manager e-mail address",
    `Dear ${name},`,
    ["Your account has been created. Please confirm your e-mail address with the link below."],
    "Verify e-mail address",
    url,
  );
}
