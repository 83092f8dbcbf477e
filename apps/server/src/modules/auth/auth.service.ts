import { details, type MfaMethod } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { hashPassword, randomToken, verifyAgainstDummy, verifyPassword } from '../../lib/crypto.js';
import { ValidationError } from '../../lib/errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { magicLinkEmail, passwordResetEmail } from '../../mail/templates.js';
import { writeAudit } from '../audit/audit.queries.js';
import { LOGIN_BACKOFF, RULES, assertBackoff, assertWithinLimit, consume, recordHit, reset } from '../rate-limit/rate-limit.service.js';
import { expireUnusedCodes, findBrandOfUser, findCompanyNamesOfUser, findUserByEmail, findUserByPk, setLastLogin, setPasswordHash } from './auth.queries.js';
import { redeemInvitationLink } from '../invitations/invitation-links.js';
import { issueCode, lookupCode, redeemCode } from './one-time-codes.js';
import { assertStrongPassword } from './password-strength.js';
import { deleteUserSessions } from './sessions.queries.js';

/** What writing an email with a link needs, in a request or in a job. */
export interface MailContext {
  db: Db;
  mailer: Mailer;
  appUrl: string;
}

/** What the signed-out flows need: there is no actor yet, only the caller's address. */
export interface AuthContext extends MailContext {
  ip: string;
  /** Emails whose existence must not show in the answer are written by a job, after it. */
  jobs: JobQueue;
}

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
export const signInWithPassword = async (ctx: AuthContext, input: { email: string; password: string }): Promise<SignInResult> => {
  const email = input.email.toLowerCase();
  await assertBackoff(ctx.db, LOGIN_BACKOFF.perPair, pairKey(email, ctx.ip));
  await assertBackoff(ctx.db, LOGIN_BACKOFF.perEmail, email);
  await assertBackoff(ctx.db, LOGIN_BACKOFF.perAddress, ctx.ip);
  const user = await findUserByEmail(ctx.db, email);
  const ok = user && user.isActive && user.passwordHash ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!ok || !user) {
    await recordHit(ctx.db, LOGIN_BACKOFF.perPair, pairKey(email, ctx.ip));
    await recordHit(ctx.db, LOGIN_BACKOFF.perEmail, email);
    await recordHit(ctx.db, LOGIN_BACKOFF.perAddress, ctx.ip);
    throw ValidationError.detail(details.badCredentials);
  }
  await reset(ctx.db, LOGIN_BACKOFF.perPair, pairKey(email, ctx.ip));
  await reset(ctx.db, LOGIN_BACKOFF.perEmail, email);
  await setLastLogin(ctx.db, user.pk);
  return { userId: user.pk, mfaMethod: user.mfaMethod };
};

/**
 * The same work whether or not the email is known: count the request, queue a job, answer. Whether the
 * email belongs to someone is looked at only by the job (`mailRequestedLink`), after the answer has gone,
 * so neither the answer nor its timing tells.
 */
const queueRequestedLink = (ctx: AuthContext, kind: 'magic-link' | 'password-reset', email: string) =>
  ctx.jobs.send('auth-email', { kind, email }, `auth-email:${randomToken()}`);

/** Mails a sign-in link when the email belongs to an active user; answers the same either way. */
export const sendMagicLink = async (ctx: AuthContext, email: string): Promise<Detail> => {
  await consume(ctx.db, RULES.magicLinksPerAddress, ctx.ip);
  await consume(ctx.db, RULES.magicLinksPerEmail, email);
  await queueRequestedLink(ctx, 'magic-link', email);
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
const redeemWithLimit = async (ctx: AuthContext, code: string, purpose: 'MAGIC_LINK' | 'PASSWORD_RESET') => {
  await assertWithinLimit(ctx.db, RULES.codeFailuresPerAddress, ctx.ip);
  try {
    // A sign-in link copied for a person still invited takes their invitation up (invitations/invitation-links.ts).
    const invited = purpose === 'MAGIC_LINK' ? await redeemInvitationLink(ctx.db, code) : null;
    return invited ?? (await redeemCode(ctx.db, code, purpose));
  } catch (err) {
    await recordHit(ctx.db, RULES.codeFailuresPerAddress, ctx.ip);
    throw err;
  }
};

export const signInWithMagicLink = async (ctx: AuthContext, code: string): Promise<SignInResult> => {
  const userId = await redeemWithLimit(ctx, code, 'MAGIC_LINK');
  const user = await findUserByPk(ctx.db, userId);
  if (!user || !user.isActive) throw ValidationError.detail(details.codeInvalid);
  await setLastLogin(ctx.db, user.pk);
  return { userId: user.pk, mfaMethod: user.mfaMethod };
};

/** For an expired or used link: mails a fresh one to the owner of the old code, never to the caller. */
export const sendNewMagicLink = async (ctx: AuthContext, code: string): Promise<Detail> => {
  await consume(ctx.db, RULES.magicLinksPerAddress, ctx.ip);
  const row = await lookupCode(ctx.db, code, 'MAGIC_LINK');
  if (!row) {
    await recordHit(ctx.db, RULES.codeFailuresPerAddress, ctx.ip);
    throw ValidationError.detail(details.codeInvalid);
  }
  const user = await findUserByPk(ctx.db, row.userId);
  if (!user || !user.isActive) throw ValidationError.detail(details.codeInvalid);
  await consume(ctx.db, RULES.magicLinksPerEmail, user.email.toLowerCase());
  await mailMagicLink(ctx, user);
  return { detail: details.newMagicLinkSent };
};

/** Mails a reset link when the email belongs to an active user; answers the same either way. */
export const requestPasswordReset = async (ctx: AuthContext, email: string): Promise<Detail> => {
  await consume(ctx.db, RULES.resetsPerAddress, ctx.ip);
  await consume(ctx.db, RULES.resetsPerEmail, email);
  await queueRequestedLink(ctx, 'password-reset', email);
  return { detail: details.resetSent };
};

const mailPasswordReset = async (ctx: MailContext, user: { pk: number; email: string; firstName: string }) => {
  const code = await issueCode(ctx.db, user.pk, 'PASSWORD_RESET');
  const brand = await findBrandOfUser(ctx.db, user.pk);
  await ctx.mailer.send(user.email, brand, passwordResetEmail({ firstName: user.firstName, url: resetUrl(ctx.appUrl, code) }), 'PASSWORD_RESET');
};

/** Sets the new password, voids every other link mailed to the user and signs them out everywhere. */
export const finishPasswordReset = async (ctx: AuthContext, code: string, password: string): Promise<Detail> => {
  // Checked before the code is used, so a weak choice does not cost the person their link.
  const owner = await lookupCode(ctx.db, code, 'PASSWORD_RESET');
  const user = owner ? await findUserByPk(ctx.db, owner.userId) : null;
  if (user) await assertStrongPassword('password', 'New password', password, { ...user, companyNames: await findCompanyNamesOfUser(ctx.db, user.pk) });
  const userId = await redeemWithLimit(ctx, code, 'PASSWORD_RESET');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await expireUnusedCodes(tx, userId);
    await deleteUserSessions(tx, userId);
    await writeAudit(tx, { firmId: null, actorUserId: userId, action: 'user.password_reset', targetType: 'user', targetPk: userId });
  });
  await reset(ctx.db, LOGIN_BACKOFF.perEmail, (await findUserByPk(ctx.db, userId))?.email.toLowerCase() ?? '');
  return { detail: details.passwordChanged };
};
