const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** 2 → "2 seconds", 60 → "1 minute", 125 → "2 minutes and 5 seconds". */
const waitText = (seconds: number): string => {
  const total = Math.max(1, Math.ceil(seconds));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  if (minutes === 0) return count(rest, 'second');
  return rest === 0 ? count(minutes, 'minute') : `${count(minutes, 'minute')} and ${count(rest, 'second')}`;
};

/**
 * Herd's validation messages. Server and web forms both use these, so a
 * field error reads the same wherever it is raised.
 */
export const messages = {
  required: (label: string) => `${label} is required.`,
  notValid: (label: string) => `${label} is not valid.`,
  between: (label: string, min: number, max: number) => `${label} must be between ${min} and ${max}`,
  tooShort: (label: string, min: number) => `${label} must be at least ${min} characters.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  notNumber: (label: string) => `${label} must be a number.`,
  notWholeNumber: (label: string) => `${label} must be a whole number.`,
  atLeast: (label: string, min: number | bigint) => `${label} must be at least ${min}.`,
  moreThan: (label: string, min: number | bigint) => `${label} must be more than ${min}.`,
  atMost: (label: string, max: number | bigint) => `${label} must be at most ${max}.`,
  tooFew: (label: string, min: number | bigint) => `${label} must have at least ${min} item${min === 1 ? '' : 's'}.`,
  tooMany: (label: string, max: number | bigint) => `${label} must have at most ${max} items.`,
  /** Text holding a NUL character or half of a UTF-16 pair: nothing a person types, and nothing PostgreSQL can store. */
  badCharacters: (label: string) => `${label} contains characters that are not allowed.`,
  tooWeak: (label: string) =>
    `${label} is too easy to guess. Avoid common passwords, repeated characters, sequences and your own name or email; a few unrelated words work well.`,
  /** A password holding the person's own name, the name part of their email or their company's name: the first things a guesser tries. */
  personalPassword: (label: string) => `${label} must not contain your name, your email or your company’s name.`,
} as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** Human messages the API returns in `detail`; the web app shows them as they are. */
export const details = {
  badCredentials: 'Unable to sign in with the email and password provided.',
  notAuthenticated: 'You are not signed in.',
  csrfFailed: 'CSRF verification failed. Reload the page and try again.',
  csrfOriginFailed: 'This request came from another site and was refused.',
  /** Says exactly the wait the answer's Retry-After header gives (whole seconds), never a rounded one. */
  throttled: (seconds: number) => `Too many attempts. Try again in ${waitText(seconds)}.`,
  codeInvalid: 'This link is invalid or has expired.',
  codeUsedOrExpired: 'This link has expired or was already used. You can ask for a new one.',
  magicLinkSent: 'If an account exists for this email, a sign-in link is on its way.',
  newMagicLinkSent: 'A new sign-in link has been sent to the email address on the account.',
  resetSent: 'If an account exists for this email, a password reset link is on its way.',
  signupLinkSent: 'Check your email: we sent you a link to finish creating your firm. It works for 24 hours.',
  passwordChanged: 'Your password has been changed.',
  wrongCurrentPassword: 'The current password is not correct.',
  emailTaken: 'An account with this email already exists.',
  notFound: 'Not found.',
  readOnly: 'Your firm’s subscription is not active, so Herd is read-only. Update billing to make changes.',
  forbidden: 'You do not have permission to do this.',
  mfaPending: 'Finish signing in with your verification code.',
  valueNotStorable: 'A value in the request is out of range or not valid. Check the numbers, dates and text you sent.',
} as const;

/**
 * What a person is told where this installation cannot do something: in their words, never the
 * operator's (which setting is missing is for the server's log and `docs/deployment.md`).
 */
export const unavailable = {
  /** Sign-up by email, sign-in links and password resets, where no email can leave this installation. */
  signupByEmail: 'This Herd installation can’t send email yet, so a firm can’t sign up here by email. Ask whoever runs Herd for your firm to create your firm’s account.',
  emailedLinks:
    'This Herd installation can’t send email yet, so no link can be emailed to you. Ask your accountant, or whoever runs Herd for your firm, for a sign-in link.',
  invitationEmail: 'This Herd installation can’t send email yet, so no invitation can be emailed. Copy their invitation link and send it to them yourself.',
  reminderEmail:
    'This Herd installation can’t send email yet, so no reminder can go to this client. Copy a sign-in link for one of their people from the client’s users and send it yourself.',
  quickbooks: 'QuickBooks Online isn’t set up on this Herd installation. Ask whoever runs Herd for your firm.',
  xero: 'Xero isn’t set up on this Herd installation. Ask whoever runs Herd for your firm.',
  karbonSandbox: 'The sandbox Karbon isn’t available on this Herd installation. Connect your firm’s own Karbon with its keys instead.',
  texts: 'Texts aren’t set up on this Herd installation.',
} as const;

/** What the second factor's endpoints answer in `detail`. */
export const mfaDetails = {
  wrongCode: 'The code is not correct.',
  codeReused: 'This code was already used. Wait for the next one in your app.',
  wrongRecoveryCode: 'This recovery code is not correct or was already used.',
  codeExpired: 'The code has expired. Ask for a new one.',
  tooManyAttempts: 'Too many wrong codes. Ask for a new one.',
  noCodeSent: 'No code has been sent yet. Ask for one.',
  codeSent: 'A code is on its way by text message.',
  noPendingSignIn: 'There is no sign-in waiting for a code. Sign in again.',
  wrongMethod: 'This account does not use this kind of code.',
  notSetUp: 'Two-step verification is not turned on for this account.',
  totpAlreadyOn: 'An authenticator app is already set up for this account.',
  noSetupStarted: 'Start the setup again: no setup is waiting for a code.',
  phoneFormat: 'Enter the number with + and the country code, e.g. +1 555 123 4567.',
  noPhone: 'This account has no phone number for codes.',
  smsUnavailable: 'The text message could not be sent. Try again in a minute.',
  smsNotDelivered:
    'Text messages are not delivered to phones on this server, so codes cannot be sent by text. Use an authenticator app, or one of your recovery codes to sign in.',
  ownReset: 'You cannot reset your own two-step verification. Ask another firm admin.',
  adminRoleExempt: 'Firm admins and client admins set up two-step verification themselves.',
  requiredByAdmin: 'Your firm’s admin requires two-step verification for you, so it cannot be turned off. You can switch to another method instead.',
  noPasswordToConfirm: 'Set a password on the Password tab first: turning two-step verification off asks for it.',
  turnedOff: 'Two-step verification is off.',
  wrongPassword: 'The password is not correct.',
} as const;
