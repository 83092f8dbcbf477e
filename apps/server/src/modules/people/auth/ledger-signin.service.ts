import { UnauthorizedError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { AuthDeps, SignInResult } from './auth.service.js';
import { findUserByEmail, findUserByPk, setLastLogin } from './auth.queries.js';
import { findUserIdByLedgerIdentity, linkLedgerIdentity } from './ledger-identities.queries.js';
import type { Visitor } from '../../../kernel/visitor.js';

/** Who a ledger's identity service says signed in. */
export interface LedgerIdentity {
  provider: string;
  /** The ledger's stable id of the person (Xero's user id). */
  subject: string;
  email: string;
  /**
   * Whether the ledger vouches for the email (Xero verifies a login's address before it can be
   * used): only then may it find a Herd user not yet linked. A sandbox's typed-in email is not.
   */
  emailVouched: boolean;
}

export const NO_LINKED_ACCOUNT =
  'No Herd account is linked to this Xero login. Sign in with your email, then connect Xero from your clients list to link it, or sign up with Xero.';

/**
 * "Sign in with <ledger>": the user linked to the identity, else (when the ledger vouches for the
 * email) the active user with that email, who is then linked. The second factor still applies:
 * the answer says which one is pending, as a password sign-in's does.
 */
export const signInWithLedgerIdentity = async (deps: Pick<AuthDeps, 'db'>, visitor: Visitor, identity: LedgerIdentity): Promise<SignInResult> => {
  const linkedId = await findUserIdByLedgerIdentity(deps.db, identity.provider, identity.subject);
  const user =
    linkedId !== null ? await findUserByPk(deps.db, linkedId) : identity.emailVouched && identity.email ? await findUserByEmail(deps.db, identity.email) : null;
  if (!user || !user.isActive) throw new UnauthorizedError(NO_LINKED_ACCOUNT);
  if (linkedId === null) await linkLedgerIdentity(deps.db, { provider: identity.provider, subject: identity.subject, userId: user.pk });
  await setLastLogin(deps.db, user.pk);
  await writeAudit(deps.db, {
    firmId: null,
    actorUserId: user.pk,
    action: 'user.ledger_signin',
    targetType: 'user',
    targetPk: user.pk,
    details: { provider: identity.provider, ip: visitor.ip },
  });
  return { userId: user.pk, mfaMethod: user.mfaMethod };
};
