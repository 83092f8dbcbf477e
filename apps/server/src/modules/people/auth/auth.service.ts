import { details, unavailable, type MfaMethod } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { hashPassword, randomToken, verifyAgainstDummy, verifyPassword } from '../../../lib/crypto.js';
import { ValidationError } from '../../../lib/errors.js';
import { canDeliverEmail } from '../../../mail/email-delivery.js';
import type { Mailer } from '../../../mail/mailer.js';
import { magicLinkEmail, passwordResetEmail } from '../../../mail/templates.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { LOGIN_BACKOFF, RULES, assertBackoff, assertWithinLimit, consume, recordHit, reset } from '../../platform/rate-limit/rate-limit.face.js';
import { expireUnusedCodes, findBrandOfUser, findCompanyNamesOfUser, findUserByEmail, findUserByPk, setLastLogin, setPasswordHash } from './auth.queries.js';
import { issueCode, lookupCode, redeemCode } from './one-time-codes.service.js';
import { assertStrongPassword } from './password-strength.rule.js';
import { deleteUserSessions } from './sessions.queries.js';
import type { AppDeps } from '../../../app-deps.js';
import type { Visitor } from '../../../kernel/visitor.js';

/** What writing an email with a link needs, in a request or in a job. */
export interface MailContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/**
 * What the signed-out flows reach of the app's dependencies. Emails whose existence must not show in
 * the answer are written by a job (`jobs`), after it.
 */
export type AuthDeps = Pick<AppDeps, 'db' | 'mailer' | 'jobs' | 'config' | 'redeemInvitationLink' | 'profileOf'>;

export const mailContextOf = (deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>): MailContext => ({ db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl });

export interface SignInResult {
  userId: number;
  /** Set when the user must still pass a second factor. */
  mfaMethod: MfaMethod | null;
}

/** The answer of the flows that only send an email or set a password. */
interface Detail {
  detail: string;
}

export const magicLinkUrl = (appUrl: string, code: string) => `${appUrl}/auth/?magic=${encodeURIComponent(code)}`;
export const resetUrl = (appUrl: string, code: string) => `${appUrl}/auth/?reset=${encodeURIComponent(code)}`;

const pairKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;

/**
 * Checks a password. Unknown emails cost the same time and get the same
 * answer as wrong passwords. Failures slow down further attempts of the same
 * email from the same address (and, far later, of the email or the address
 * alone), checked before anything else; see `LOGIN_BACKOFF`.
 */
export const signInWithPassword = async (deps: AuthDeps, visitor: Visitor, input: { email: string; password: string }): Promise<SignInResult> => {
  const email = input.email.toLowerCase();
  await assertBackoff(deps.db, LOGIN_BACKOFF.perPair, pairKey(email, visitor.ip));
  await assertBackoff(deps.db, LOGIN_BACKOFF.perEmail, email);
  await assertBackoff(deps.db, LOGIN_BACKOFF.perAddress, visitor.ip);
  const user = await findUserByEmail(deps.db, email);
  const ok = user && user.isActive && user.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!ok || !user) {
    await recordHit(deps.db, LOGIN_BACKOFF.perPair, pairKey(email, visitor.ip));
    await recordHit(deps.db, LOGIN_BACKOFF.perEmail, email);
    await recordHit(deps.db, LOGIN_BACKOFF.perAddress, visitor.ip);
    throw ValidationError.detail(details.badCredentials);
  }
  await reset(deps.db, LOGIN_BACKOFF.perPair, pairKey(email, visitor.ip));
  await reset(deps.db, LOGIN_BACKOFF.perEmail, email);
  await setLastLogin(deps.db, user.pk);
  return { userId: user.pk, mfaMethod: user.mfaMethod };
};

/**
 * The same work whether or not the email is known: count the request, queue a job, answer. Whether the
 * email belongs to someone is looked at only by the job (`mailRequestedLink`), after the answer has gone,
 * so neither the answer nor its timing tells.
 */
/** Where no email leaves, a link asked for by email is refused, the same for every address, rather than answered "on its way". */
const assertEmailLeaves = (deps: AuthDeps) => {
  if (!canDeliverEmail(deps.config)) throw ValidationError.detail(unavailable.emailedLinks);
};

const queueRequestedLink = (deps: AuthDeps, kind: 'magic-link' | 'password-reset', email: string) =>
  deps.jobs.send('auth-email', { kind, email }, `auth-email:${randomToken()}`);

/** Mails a sign-in link when the email belongs to an active user; answers the same either way. */
export const sendMagicLink = async (deps: AuthDeps, visitor: Visitor, { email }: { email: string }): Promise<Detail> => {
  assertEmailLeaves(deps);
  await consume(deps.db, RULES.magicLinksPerAddress, visitor.ip);
  await consume(deps.db, RULES.magicLinksPerEmail, email);
  await queueRequestedLink(deps, 'magic-link', email);
  return { detail: details.magicLinkSent };
};

/** The job of a link asked for by email: mails it when the email belongs to an active user, else nothing. */
export const mailRequestedLink = async (ctx: MailContext, request: { kind: 'magic-link' | 'password-reset'; email: string }): Promise<void> => {
  const user = await findUserByEmail(ctx.db, request.email);
  if (!user || !user.isActive) return;
  if (request.kind === 'magic-link') await mailMagicLink(ctx, user);
  else await mailPasswordReset(ctx, user);
};

const mailMagicLink = async (ctx: MailContext, user: { pk: number; email: string; firstName: string }) => {
  const code = await issueCode(ctx.db, user.pk, 'MAGIC_LINK');
  const brand = await findBrandOfUser(ctx.db, user.pk);
  await ctx.mailer.send(user.email, brand, magicLinkEmail({ firstName: user.firstName, url: magicLinkUrl(ctx.appUrl, code), firmName: brand.firmName }), 'MAGIC_LINK');
};

/** Failed code attempts from one address are limited, so codes cannot be guessed at scale. */
const redeemWithLimit = async (deps: AuthDeps, visitor: Visitor, code: string, purpose: 'MAGIC_LINK' | 'PASSWORD_RESET') => {
  await assertWithinLimit(deps.db, RULES.codeFailuresPerAddress, visitor.ip);
  try {
    // A sign-in link copied for a person still invited takes their invitation up (auth/invitation-link.port.ts).
    const invited = purpose === 'MAGIC_LINK' ? await deps.redeemInvitationLink(deps.db, code) : null;
    return invited ?? (await redeemCode(deps.db, code, purpose));
  } catch (err) {
    await recordHit(deps.db, RULES.codeFailuresPerAddress, visitor.ip);
    throw err;
  }
};

export const signInWithMagicLink = async (deps: AuthDeps, visitor: Visitor, { code }: { code: string }): Promise<SignInResult> => {
  const userId = await redeemWithLimit(deps, visitor, code, 'MAGIC_LINK');
  const user = await findUserByPk(deps.db, userId);
  if (!user || !user.isActive) throw ValidationError.detail(details.codeInvalid);
  await setLastLogin(deps.db, user.pk);
  return { userId: user.pk, mfaMethod: user.mfaMethod };
};

/** For an expired or used link: mails a fresh one to the owner of the old code, never to the caller. */
export const sendNewMagicLink = async (deps: AuthDeps, visitor: Visitor, { code }: { code: string }): Promise<Detail> => {
  assertEmailLeaves(deps);
  await consume(deps.db, RULES.magicLinksPerAddress, visitor.ip);
  const row = await lookupCode(deps.db, code, 'MAGIC_LINK');
  if (!row) {
    await recordHit(deps.db, RULES.codeFailuresPerAddress, visitor.ip);
    throw ValidationError.detail(details.codeInvalid);
  }
  const user = await findUserByPk(deps.db, row.userId);
  if (!user || !user.isActive) throw ValidationError.detail(details.codeInvalid);
  await consume(deps.db, RULES.magicLinksPerEmail, user.email.toLowerCase());
  await mailMagicLink(mailContextOf(deps), user);
  return { detail: details.newMagicLinkSent };
};

/** Mails a reset link when the email belongs to an active user; answers the same either way. */
export const requestPasswordReset = async (deps: AuthDeps, visitor: Visitor, { email }: { email: string }): Promise<Detail> => {
  assertEmailLeaves(deps);
  await consume(deps.db, RULES.resetsPerAddress, visitor.ip);
  await consume(deps.db, RULES.resetsPerEmail, email);
  await queueRequestedLink(deps, 'password-reset', email);
  return { detail: details.resetSent };
};

const mailPasswordReset = async (ctx: MailContext, user: { pk: number; email: string; firstName: string }) => {
  const code = await issueCode(ctx.db, user.pk, 'PASSWORD_RESET');
  const brand = await findBrandOfUser(ctx.db, user.pk);
  await ctx.mailer.send(user.email, brand, passwordResetEmail({ firstName: user.firstName, url: resetUrl(ctx.appUrl, code) }), 'PASSWORD_RESET');
};

/** Sets the new password, voids every other link mailed to the user and signs them out everywhere. */
export const finishPasswordReset = async (deps: AuthDeps, visitor: Visitor, { code, password }: { code: string; password: string }): Promise<Detail> => {
  // Checked before the code is used, so a weak choice does not cost the person their link.
  const owner = await lookupCode(deps.db, code, 'PASSWORD_RESET');
  const user = owner ? await findUserByPk(deps.db, owner.userId) : null;
  if (user) await assertStrongPassword('password', 'New password', password, { ...user, companyNames: await findCompanyNamesOfUser(deps.db, user.pk) });
  const userId = await redeemWithLimit(deps, visitor, code, 'PASSWORD_RESET');
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await expireUnusedCodes(tx, userId);
    await deleteUserSessions(tx, userId);
    await writeAudit(tx, { firmId: null, actorUserId: userId, action: 'user.password_reset', targetType: 'user', targetPk: userId });
  });
  await reset(deps.db, LOGIN_BACKOFF.perEmail, (await findUserByPk(deps.db, userId))?.email.toLowerCase() ?? '');
  return { detail: details.passwordChanged };
};
