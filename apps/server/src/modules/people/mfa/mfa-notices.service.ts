import type { Db } from '../../../db/client.js';
import type { Mailer } from '../../../mail/mailer.js';
import { mfaChangedEmail, type MfaChange } from '../../../mail/mfa-templates.js';
import { findBrandOfUser } from '../auth/auth.face.js';
import { findMfaUser } from './mfa.queries.js';

/** Phones in emails show only their last two digits, as the Security tab does. */
export const phoneHint = (phone: string | null) => (phone ? `•••${phone.replace(/\D/g, '').slice(-2)}` : null);

/**
 * Emails the person whose second factor just changed, after the change is committed (like the
 * password-change notice). A delivery failure is the mailer's to record; it never undoes the change.
 */
export const mailMfaChange = async (db: Db, mailer: Mailer, userId: number, change: MfaChange): Promise<void> => {
  const user = await findMfaUser(db, userId);
  if (!user) return;
  await mailer.send(
    user.email,
    await findBrandOfUser(db, user.pk),
    mfaChangedEmail({ firstName: user.firstName, change }),
    `MFA_${change.kind.toUpperCase().replace('-', '_')}`,
  );
};
