/** The sign-in page (sign in, sign up, forgot and reset password) and the auth API's messages. */
export default {
  // Answers and toasts.
  invalidCredentials: "Invalid User ID/Email or password",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  resetEmailSent: "Password reset email sent! Please check your inbox.",
  passwordReset: "Your password has been updated. Please sign in.",
  signUpDisabled: "Sign up is disabled. Please ask an administrator for an account.",
  tooManyAttempts: "Too many failed sign-in attempts. Please try again later.",
  tooManyAttemptsWait_one:
    "Too many failed sign-in attempts. Please try again in {{count}} minute.",
  tooManyAttemptsWait_other:
    "Too many failed sign-in attempts. Please try again in {{count}} minutes.",
  emailNotVerified:
    "Please verify your e-mail address before signing in. We have sent you a new verification link.",
  pendingApproval:
    "Your account is waiting for an administrator's approval. You can sign in once it is approved.",
  reservedName: "This name is reserved. Please enter your own full name.",
  untrustedPage:
    "This page is not at the app's configured address. Open the app at the address your administrator gave you.",
  requestFailed: "Request failed ({{status}})",

  // Rules of the forms.
  identifierRequired: "Please enter your User ID or e-mail",
  passwordRequired: "Please enter your password",
  fullNameRequired: "Please enter your full name",
  fullNameTooLong: "Full name must be at most 200 characters long",
  passwordsDiffer: "Passwords do not match",
  "password.tooShort": "Password must be at least {{minLength}} characters long",
  "password.tooLong": "Password must be at most {{maxLength}} characters long",
  "password.onlySpaces": "Password cannot be only spaces",
  "password.tooCommon": "This password is too common. Please choose another.",

  // Rules of the request bodies and mailed links the auth endpoints accept.
  "request.notObject": "The request body must be a JSON object",
  "request.unknownField": "Unknown field: {{names}}",
  "request.unknownParameter": "Unknown parameter: {{names}}",
  "request.notText": "{{field}} must be text",
  "request.required": "{{field}} is required",
  "request.tooLong": "{{field}} must be at most {{maxLength}} characters long",
  "request.notLocalPath": "Redirect path must be a path on this site",
  "request.resetLinkInvalid": "The reset link is not valid",
  "request.linkInvalid": "The link is not valid",

  // Fields: form labels, and the field names in the rules' messages.
  "field.identifier": "User ID or Email",
  "field.userId": "User ID",
  "field.email": "Email",
  "field.password": "Password",
  "field.fullName": "Full Name",
  "field.newPassword": "New Password",
  "field.confirmPassword": "Confirm New Password",
  "field.redirectPath": "Redirect path",
  "field.resetToken": "Reset token",
  "field.token": "Token",

  // The page.
  "tab.signIn": "Sign In",
  "tab.signUp": "Sign Up",
  "action.signIn": "Sign In",
  "action.signUp": "Sign Up",
  "action.forgotPassword": "Forgot Password?",
  "action.sendResetLink": "Send Reset Link",
  "action.backToSignIn": "Back to Sign In",
  "action.updatePassword": "Update Password",
  "forgot.intro": "Enter your e-mail address and we will send you a link to set a new password.",
  "reset.title": "Set New Password",
  "resetLink.invalidTitle": "Reset link not valid",
  "resetLink.invalid":
    "This password reset link is invalid or has expired. Please request a new one.",
  "openedElsewhere.title": "Wrong address",
  "openedElsewhere.text":
    "This page was opened at {{openedAt}}, which is not the app's address, so signing in here cannot work. Open the app at its configured address:",
} as const;
