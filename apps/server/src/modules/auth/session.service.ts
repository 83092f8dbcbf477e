import type { FastifyReply } from 'fastify';
import type { FeatureFlag, LoginBody, LoginResponse, Profile } from '@herd/contract';
import { getProfile } from '../profile/profile.service.js';
import { signInWithMagicLink, signInWithPassword, type AuthContext, type SignInResult } from './auth.service.js';
import { lookupCode } from './one-time-codes.js';
import { confirmSignup, lookupPendingSignup } from './signup.service.js';
import { clearSessionCookie, endSession, startSession, type SessionInfo } from './sessions.js';

/**
 * What opening or closing a session needs besides the signed-out context:
 * the answer whose cookie it sets or clears, and the request's own session.
 */
export interface SessionContext extends AuthContext {
  reply: FastifyReply;
  userAgent: string | undefined;
  /** Cookies are Secure (and `__Host-`) when the app is served over HTTPS. */
  secure: boolean;
  /** The CSRF token handed out at sign-in is an HMAC of the session under it. */
  secretKey: string;
  session: SessionInfo | null;
  /** The deployment's default feature flags, for the profile answered at sign-in. */
  flagDefaults: readonly FeatureFlag[];
}

const openSession = (ctx: SessionContext, userId: number, mfaVerified: boolean) =>
  startSession(ctx.db, ctx.reply, { userId, mfaVerified, ip: ctx.ip, userAgent: ctx.userAgent, secure: ctx.secure, secretKey: ctx.secretKey });

/** Opens the session; with a second factor pending it is half-open and the answer is the challenge. */
const completeSignIn = async (ctx: SessionContext, result: SignInResult): Promise<LoginResponse> => {
  await openSession(ctx, result.userId, result.mfaMethod === null);
  if (result.mfaMethod) return { mfa_required: true, mfa_method: result.mfaMethod };
  return getProfile(ctx.db, result.userId, ctx.flagDefaults, ctx.secretKey);
};

/** A signed-in session past its second factor, if the request has one. */
const signedInUser = (ctx: SessionContext): number | null => (ctx.session?.mfaVerified && ctx.session.actor ? ctx.session.userId : null);

/**
 * Opens a sign-up link: the new firm's admin is signed in at once (a new user
 * has no second factor yet). The link opened again by the person it created,
 * still signed in, answers their profile, as a second click on a sign-in link does.
 */
export const confirmSignUp = async (ctx: SessionContext, code: string): Promise<Profile> => {
  const current = signedInUser(ctx);
  if (current !== null && (await lookupPendingSignup(ctx.db, code))?.userId === current) return getProfile(ctx.db, current, ctx.flagDefaults, ctx.secretKey);
  const userId = await confirmSignup(ctx, code);
  await openSession(ctx, userId, true);
  return getProfile(ctx.db, userId, ctx.flagDefaults, ctx.secretKey);
};

export const signIn = async (ctx: SessionContext, input: LoginBody): Promise<LoginResponse> => completeSignIn(ctx, await signInWithPassword(ctx, input));

/**
 * A link opened again in a browser already signed in as the link's own user
 * (the second click on an invitation, say) answers that user's profile: they
 * are where the link would take them, so a used link is no reason to refuse.
 * Nothing is spent and no session is added. A link of anyone else, or opened
 * signed out, is redeemed as usual (a used one refused, so the page offers a
 * new one).
 */
const signedInAsOwnerOf = async (ctx: SessionContext, code: string): Promise<number | null> => {
  const current = signedInUser(ctx);
  if (current === null) return null;
  const row = await lookupCode(ctx.db, code, 'MAGIC_LINK');
  return row && row.userId === current ? current : null;
};

export const signInWithCode = async (ctx: SessionContext, code: string): Promise<LoginResponse> => {
  const owner = await signedInAsOwnerOf(ctx, code);
  if (owner !== null) return getProfile(ctx.db, owner, ctx.flagDefaults, ctx.secretKey);
  return completeSignIn(ctx, await signInWithMagicLink(ctx, code));
};

/** Ends this session (a half-open one too) and clears its cookie; signed out already is fine. */
export const signOut = async (ctx: SessionContext): Promise<void> => {
  if (ctx.session) await endSession(ctx.db, ctx.session.tokenHash);
  clearSessionCookie(ctx.reply, { secure: ctx.secure, secretKey: ctx.secretKey });
};
