import type { EmailContent } from './email-content.js';

/** What happened to a person's second factor, as the notice tells them. */
export type MfaChange = { kind: 'on'; method: 'TOTP' | 'SMS'; phoneHint: string | null } | { kind: 'off' } | { kind: 'reset' } | { kind: 'recovery-codes' };

const IF_NOT_YOU = 'If this was not you, change your password at once, check two-step verification in Settings → Security, and tell your firm.';

const howCodesCome = (change: Extract<MfaChange, { kind: 'on' }>) =>
  change.method === 'TOTP' ? 'a code from an authenticator app' : `a code texted to your phone number ${change.phoneHint ?? ''}`.trimEnd();

/**
 * Sent whenever a person's second factor changes, so that someone holding a stolen session cannot
 * quietly weaken the account: the owner of the mailbox hears of it.
 */
export const mfaChangedEmail = (p: { firstName: string; change: MfaChange }): EmailContent => {
  const heading = `Hi ${p.firstName || 'there'},`;
  switch (p.change.kind) {
    case 'on':
      return {
        subject: 'Two-step verification was set up on your account',
        heading,
        paragraphs: [
          `Signing in to your account now asks for ${howCodesCome(p.change)} after the password. Ten new recovery codes were made, the old ones stopped working, and your other sessions were signed out.`,
          IF_NOT_YOU,
        ],
      };
    case 'off':
      return {
        subject: 'Two-step verification was turned off on your account',
        heading,
        paragraphs: ['Two-step verification was turned off: signing in to your account now needs only the password or an emailed link.', IF_NOT_YOU],
      };
    case 'reset':
      return {
        subject: 'Your firm’s admin reset your two-step verification',
        heading,
        paragraphs: [
          'An admin of your firm removed the second factor of your account and its recovery codes, and you were signed out everywhere. Set it up again from Settings → Security after you sign in.',
          'If you did not ask for this, tell your firm at once.',
        ],
      };
    case 'recovery-codes':
      return {
        subject: 'New recovery codes were made for your account',
        heading,
        paragraphs: ['Ten new recovery codes for two-step verification were made for your account; the unused old ones no longer work.', IF_NOT_YOU],
      };
  }
};
