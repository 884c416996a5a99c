/**
 * What the account calls answer in `Message`, besides the texts the web shows too (which come from
 * `@hotel/domain/messages`: login failed, registered, password reset, details saved, logged out).
 */
export const ACCOUNT_MESSAGES = {
  notLoggedIn: 'Please log in to continue.',
  loginNeedsHttps:
    "Logging in needs the site's secure (https) address. If you used it, this site is not set up to keep you logged in yet: please tell the hotel.",
  emailConfirmed: 'Thank you, your email address is confirmed.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired.',
  resetRequested: 'If an account exists for this email address, we have sent it a link to reset the password.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'The current password is not correct.',
  tooManyLogins: 'Too many login attempts. Please wait a few minutes and try again.',
  tooManyRegistrations: 'Too many registrations from your network or for this address. Please try again later.',
  tooManyResetRequests: 'Too many password reset requests. Please wait a while and try again.',
  tooManyResets: 'Too many password reset attempts. Please wait a few minutes and try again.',
  tooManyPasswordChanges: 'Too many password change attempts. Please wait a few minutes and try again.',
} as const;
