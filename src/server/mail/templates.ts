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

/** Sent instead of a second account when someone signs up with an address already in use. */
export function existingAccountMail(to: string, name: string, signInUrl: string): MailMessage {
  return withLink(
    to,
    "Someone tried to create a HED Task Manager account with your address",
    `Dear ${name},`,
    [
      "Someone tried to create a new account with this e-mail address, which already has one.",
      "If it was you, sign in with your existing account, or use Forgot Password on the sign-in page to choose a new password. If it was not you, you can ignore this e-mail: nothing has changed.",
    ],
    "Sign in",
    signInUrl,
  );
}

/** Tells a newcomer (SIGNUP_ENABLED=approval) that an administrator has let them in. */
export function accountApprovedMail(to: string, name: string, signInUrl: string): MailMessage {
  return withLink(
    to,
    "Your HED Task Manager account has been approved",
    `Dear ${name},`,
    ["An administrator has approved your account. You can now sign in."],
    "Sign in",
    signInUrl,
  );
}
