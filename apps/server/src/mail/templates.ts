import type { EmailContent } from './email-content.js';

export const magicLinkEmail = (p: { firstName: string; url: string; firmName: string | null }): EmailContent => ({
  subject: 'Your sign-in link',
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [`Use the button below to sign in${p.firmName ? ` to ${p.firmName}` : ''} — no password needed.`, 'The link works once and expires in 7 days.'],
  action: { label: 'Sign in', url: p.url },
  footnote: 'If you did not ask for this link, you can ignore this email.',
});

export const passwordResetEmail = (p: { firstName: string; url: string }): EmailContent => ({
  subject: 'Reset your password',
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: ['Someone asked to reset the password of your account. The link below works once and expires in 1 hour.'],
  action: { label: 'Choose a new password', url: p.url },
  footnote: 'If it was not you, ignore this email: your password stays as it is.',
});

export const signupConfirmEmail = (p: { firstName: string; firmName: string; url: string }): EmailContent => ({
  subject: `Confirm your email to finish creating ${p.firmName}`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    `Someone, we hope you, asked to start a Herd free trial for ${p.firmName} with this email address.`,
    'Use the button below to confirm it is yours: your firm is created and you are signed in. The link works once and expires in 24 hours.',
  ],
  action: { label: 'Create my firm', url: p.url },
  footnote: 'If you did not ask for this, ignore this email: nothing is created without the link.',
});

/** Sent instead of a confirmation when the email signing up already has an account: the form never says so. */
export const signupExistingAccountEmail = (p: { firstName: string; signInUrl: string }): EmailContent => ({
  subject: 'You already have a Herd account',
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    'Someone, we hope you, asked to start a Herd free trial with this email address, but it already belongs to a Herd account, so no new firm was created.',
    'Sign in with your password or an emailed sign-in link. Forgot your password? Choose “Forgot password” on the sign-in page to set a new one.',
  ],
  action: { label: 'Sign in', url: p.signInUrl },
  footnote: 'If you did not ask for this, you can ignore this email: your account is unchanged.',
});

export const passwordChangedEmail = (p: { firstName: string }): EmailContent => ({
  subject: 'Your password was changed',
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    'The password of your account was just changed, and your other sessions were signed out.',
    'If this was not you, reset your password at once and tell your firm.',
  ],
});

export const invitationEmail = (p: { firstName: string; inviterName: string; firmName: string; companyName: string; url: string }): EmailContent => ({
  subject: `${p.firmName} invited you to Herd`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    `${p.inviterName} at ${p.firmName} invited you to work with them on ${p.companyName} in Herd.`,
    'Herd is where you answer your accountant’s questions about your transactions and send your receipts. No password needed: the button below signs you in.',
  ],
  action: { label: 'Open Herd', url: p.url },
  footnote: 'The link works once and expires in 7 days; you can always ask for a new one from the sign-in page.',
});

export const noteEmail = (p: {
  firstName: string;
  authorName: string;
  companyName: string;
  about: string;
  body: string;
  url: string;
  signsIn: boolean;
}): EmailContent => ({
  subject: `${p.authorName} wrote about ${p.about}`,
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [`${p.authorName} left a note on ${p.about} (${p.companyName}):`, `“${p.body.length > 600 ? `${p.body.slice(0, 600)}…` : p.body}”`],
  action: { label: 'Open the conversation', url: p.url },
  ...(p.signsIn ? { footnote: 'This link signs you in once and expires in 7 days.' } : {}),
});

/**
 * Sent instead of an invitation when the email already belongs to another firm's person: a user belongs
 * to one firm, so nothing is created and the inviter is never told; the person asks for another address.
 */
export const invitationEmailTakenEmail = (p: { firmName: string; inviterName: string; signInUrl: string }): EmailContent => ({
  subject: `${p.firmName} invited you to Herd`,
  heading: 'Hi there,',
  paragraphs: [
    `${p.firmName} invited you, but this email already belongs to another Herd firm: ask them to invite a different address.`,
    `The invitation came from ${p.inviterName} at ${p.firmName}. An email can belong to one Herd firm only, so nothing was changed in your account, and ${p.firmName} has not been told that you use Herd.`,
  ],
  footnote: `If you did not expect this, you can ignore this email. You keep signing in to your own firm as before at ${p.signInUrl}.`,
});

/** Sent to the new address of an email change: the change happens only when its owner opens the link. */
export const emailChangeConfirmEmail = (p: { firstName: string; firmName: string; newEmail: string; url: string }): EmailContent => ({
  subject: 'Confirm your new email address for Herd',
  heading: `Hi ${p.firstName || 'there'},`,
  paragraphs: [
    `${p.firmName} changed the email address of your Herd account to ${p.newEmail}. Open the link to confirm it is yours; until then you keep signing in with your current address.`,
  ],
  action: { label: 'Confirm this address', url: p.url },
  footnote: 'This link works once and expires in 7 days. If you did not expect this, ignore this email and nothing changes.',
});

/**
 * Sent instead when the new address already belongs to someone: an address belongs to one account, so
 * nothing changes, and the firm that asked is never told whose it is.
 */
export const emailChangeTakenEmail = (p: { firmName: string; signInUrl: string }): EmailContent => ({
  subject: 'Someone tried to use your email address on Herd',
  heading: 'Hi there,',
  paragraphs: [
    `${p.firmName} tried to give your email address to another person’s Herd account. An email can belong to one Herd account only, so nothing was changed, and ${p.firmName} has not been told that you use Herd.`,
  ],
  footnote: `If you did not expect this, you can ignore this email. You keep signing in as before at ${p.signInUrl}.`,
});
