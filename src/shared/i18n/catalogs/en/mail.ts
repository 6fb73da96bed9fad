/** The mails the server sends (src/server/mail/templates.ts): one block per mail, then the frame. */
export default {
  greeting: "Dear {{name}},",
  buttonFallback: "If the button does not work, copy this address into your browser:",
  signature: "HED Task Manager",
  "passwordReset.subject": "Reset your HED Task Manager password",
  "passwordReset.request":
    "We received a request to reset your password. Open the link below to choose a new one.",
  "passwordReset.expiry":
    "The link works once and expires in one hour. If you did not ask for this, ignore this e-mail.",
  "passwordReset.action": "Reset password",
  "verifyEmail.subject": "Verify your HED Task Manager e-mail address",
  "verifyEmail.created":
    "Your account has been created. Please confirm your e-mail address with the link below.",
  "verifyEmail.action": "Verify e-mail address",
  "existingAccount.subject": "Someone tried to create a HED Task Manager account with your address",
  "existingAccount.attempt":
    "Someone tried to create a new account with this e-mail address, which already has one.",
  "existingAccount.advice":
    "If it was you, sign in with your existing account, or use Forgot Password on the sign-in page to choose a new password. If it was not you, you can ignore this e-mail: nothing has changed.",
  "existingAccount.action": "Sign in",
  "accountApproved.subject": "Your HED Task Manager account has been approved",
  "accountApproved.approved": "An administrator has approved your account. You can now sign in.",
  "accountApproved.action": "Sign in",
} as const;
