import { DEFAULT_TIME_ZONE, SIGNUP_CONFIRM_TTL_MS, TRIAL_DAYS, details, unavailable, type SignupBody } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { hashPassword, randomToken, sha256 } from '../../../lib/crypto.js';
import { ValidationError } from '../../../lib/errors.js';
import { isUniqueViolation } from '../../../lib/pg-errors.js';
import { canDeliverEmail } from '../../../mail/email-delivery.js';
import { signupConfirmEmail, signupExistingAccountEmail } from '../../../mail/templates.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { RULES, assertWithinLimit, consume, recordHit } from '../../platform/rate-limit/rate-limit.face.js';
import type { AuthDeps, MailContext } from './auth.service.js';
import type { Visitor } from '../../../kernel/visitor.js';
import { seedStarterTemplates } from '../../firm/request-templates/request-templates.face.js';
import { findUserByEmail, insertFirm, insertFirmMember, insertSubscription, insertUser } from './auth.queries.js';
import { assertStrongPassword } from './password-strength.rule.js';
import type { SignupRequest } from './signup-request.types.js';
import { claimPendingSignup, findPendingSignup, insertPendingSignup, setPendingSignupUser } from './pending-signups.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const signupConfirmUrl = (appUrl: string, code: string) => `${appUrl}/auth/?signup=${encodeURIComponent(code)}`;

/**
 * Signing up creates nothing and tells nothing: the fields are checked (a weak
 * password is a field error, whoever the email belongs to), the attempt
 * counted, the password hashed, a job queued, and the answer is the same for
 * any email. Only the job looks the email up (`mailSignupLink`), after the
 * answer has gone. The password is hashed here, so no job or row ever holds it.
 */
export const requestSignup = async (deps: AuthDeps, visitor: Visitor, input: SignupBody): Promise<{ detail: string }> => {
  // Where no email leaves, "check your email" would be a lie: the firm is made by the operator's `npm run create-admin`.
  if (!canDeliverEmail(deps.config)) throw ValidationError.detail(unavailable.signupByEmail);
  await consume(deps.db, RULES.signupsPerAddress, visitor.ip);
  await consume(deps.db, RULES.signupsPerEmail, input.email.toLowerCase());
  await assertStrongPassword('password', 'Password', input.password, {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    companyNames: [input.company_name],
  });
  const request: SignupRequest = {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.first_name,
    lastName: input.last_name,
    companyName: input.company_name,
    timeZone: input.time_zone ?? DEFAULT_TIME_ZONE,
  };
  await deps.jobs.send('auth-email', { kind: 'signup', ...request }, `auth-email:${randomToken()}`);
  return { detail: details.signupLinkSent };
};

/**
 * The job of a sign-up: an unknown email gets a link that finishes it (the
 * request is kept, hashed, until then); an email that already has an account
 * gets a note saying so, with the way to sign in, and nothing is kept.
 */
export const mailSignupLink = async (ctx: MailContext, request: SignupRequest): Promise<void> => {
  const noBrand = { firmName: null, mainColor: null };
  const existing = await findUserByEmail(ctx.db, request.email);
  if (existing) {
    const content = signupExistingAccountEmail({ firstName: existing.firstName, signInUrl: `${ctx.appUrl}/auth/` });
    await ctx.mailer.send(existing.email, noBrand, content, 'SIGNUP_EXISTING_ACCOUNT');
    return;
  }
  const code = randomToken();
  await insertPendingSignup(ctx.db, { codeHash: sha256(code), ...request, expiresAt: new Date(Date.now() + SIGNUP_CONFIRM_TTL_MS) });
  const content = signupConfirmEmail({ firstName: request.firstName, firmName: request.companyName, url: signupConfirmUrl(ctx.appUrl, code) });
  await ctx.mailer.send(request.email, noBrand, content, 'SIGNUP_CONFIRM');
};

/**
 * A new firm on a 14-day trial, its first user FIRM_ADMIN; runs in the caller's transaction. A sign-up
 * confirmed by its link, and the operator's `npm run create-admin` (`via: 'operator'`, in the audit).
 */
export const createFirmWithAdmin = async (
  tx: Db,
  // The operator's admin has no password yet: they choose it at the link the command prints.
  input: Omit<SignupRequest, 'passwordHash'> & { passwordHash: string | null },
  via: 'email' | 'operator' = 'email',
): Promise<number> => {
  const user = await insertUser(tx, {
    email: input.email,
    passwordHash: input.passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    accountType: 'ACCOUNTANT',
  });
  const firm = await insertFirm(tx, { companyName: input.companyName, timeZone: input.timeZone ?? DEFAULT_TIME_ZONE });
  await insertFirmMember(tx, { firmId: firm.pk, userId: user.pk, role: 'FIRM_ADMIN' });
  await insertSubscription(tx, { firmId: firm.pk, status: 'TRIAL', trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS) });
  await seedStarterTemplates(tx, firm.pk);
  await writeAudit(tx, {
    firmId: firm.pk,
    actorUserId: user.pk,
    action: 'firm.signup',
    targetType: 'firm',
    targetPk: firm.pk,
    ...(via === 'operator' ? { details: { via } } : {}),
  });
  return user.pk;
};

/** The pending sign-up a link names, used or not; null when no such link was ever sent. */
export const lookupPendingSignup = (db: Db, code: string) => findPendingSignup(db, sha256(code));

/**
 * Opens a sign-up link: claims the pending sign-up (once, and only before it
 * expires) and creates the firm and its admin, all in one transaction. Bad
 * codes count against the address like other links. An email that gained an
 * account since the link was sent (a second link of the same person, say) is
 * told so: whoever opens the link holds that mailbox.
 */
export const confirmSignup = async (deps: AuthDeps, visitor: Visitor, { code }: { code: string }): Promise<number> => {
  await assertWithinLimit(deps.db, RULES.codeFailuresPerAddress, visitor.ip);
  const pending = await lookupPendingSignup(deps.db, code);
  try {
    if (!pending) throw ValidationError.detail(details.codeInvalid);
    return await deps.db.transaction(async (tx) => {
      const claimed = await claimPendingSignup(tx, pending.pk);
      if (!claimed) throw ValidationError.detail(details.codeUsedOrExpired);
      const userId = await createFirmWithAdmin(tx, claimed);
      await setPendingSignupUser(tx, claimed.pk, userId);
      return userId;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw ValidationError.detail(details.emailTaken);
    await recordHit(deps.db, RULES.codeFailuresPerAddress, visitor.ip);
    throw err;
  }
};
