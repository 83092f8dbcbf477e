import type { FastifyReply } from 'fastify';
import type { LoginBody, LoginResponse, Profile } from '@herd/contract';
import type { Config } from '../../../config.js';
import { signInWithMagicLink, signInWithPassword, type AuthDeps, type SignInResult } from './auth.service.js';
import { lookupCode } from './one-time-codes.service.js';
import { confirmSignup, lookupPendingSignup } from './signup.service.js';
import { clearSessionCookie, endSession, startSession } from './sessions.service.js';
import type { Visitor } from '../../../kernel/visitor.js';

/** The answer whose session cookie a sign-in sets or a sign-out clears: part of the input of the services that open or close a session. */
export interface SessionReply {
  reply: FastifyReply;
}

/** Cookies are Secure (and `__Host-`) when the app is served over HTTPS; the CSRF token handed out at sign-in is an HMAC of the session under it. */
export const cookieSettingsOf = (config: Pick<Config, 'appUrl' | 'secretKey'>) => ({ secure: config.appUrl.startsWith('https://'), secretKey: config.secretKey });

/** The profile answered at sign-in, with the deployment's default feature flags. */
export const signedInProfile = (deps: Pick<AuthDeps, 'db' | 'config' | 'profileOf'>, userId: number) =>
  deps.profileOf(deps.db, userId, deps.config.featureFlagDefaults, deps.config.secretKey);

/** Opens a session for the visitor: signed in, or half-open while a second factor is pending. */
export const openSession = (deps: Pick<AuthDeps, 'db' | 'config'>, visitor: Visitor, reply: FastifyReply, userId: number, mfaVerified: boolean) =>
  startSession(deps.db, reply, { userId, mfaVerified, ip: visitor.ip, userAgent: visitor.userAgent, ...cookieSettingsOf(deps.config) });

/** Opens the session; with a second factor pending it is half-open and the answer is the challenge. */
const completeSignIn = async (deps: AuthDeps, visitor: Visitor, reply: FastifyReply, result: SignInResult): Promise<LoginResponse> => {
  await openSession(deps, visitor, reply, result.userId, result.mfaMethod === null);
  if (result.mfaMethod) return { mfa_required: true, mfa_method: result.mfaMethod };
  return signedInProfile(deps, result.userId);
};

/** A signed-in session past its second factor, if the request has one. */
const signedInUser = (visitor: Visitor): number | null => (visitor.session?.mfaVerified && visitor.session.actor ? visitor.session.userId : null);

/**
 * Opens a sign-up link: the new firm's admin is signed in at once (a new user
 * has no second factor yet). The link opened again by the person it created,
 * still signed in, answers their profile, as a second click on a sign-in link does.
 */
export const confirmSignUp = async (deps: AuthDeps, visitor: Visitor, { code, reply }: { code: string } & SessionReply): Promise<Profile> => {
  const current = signedInUser(visitor);
  if (current !== null && (await lookupPendingSignup(deps.db, code))?.userId === current) return signedInProfile(deps, current);
  const userId = await confirmSignup(deps, visitor, { code });
  await openSession(deps, visitor, reply, userId, true);
  return signedInProfile(deps, userId);
};

export const signIn = async (deps: AuthDeps, visitor: Visitor, { reply, ...input }: LoginBody & SessionReply): Promise<LoginResponse> =>
  completeSignIn(deps, visitor, reply, await signInWithPassword(deps, visitor, input));

/**
 * A link opened again in a browser already signed in as the link's own user
 * (the second click on an invitation, say) answers that user's profile: they
 * are where the link would take them, so a used link is no reason to refuse.
 * Nothing is spent and no session is added. A link of anyone else, or opened
 * signed out, is redeemed as usual (a used one refused, so the page offers a
 * new one).
 */
const signedInAsOwnerOf = async (deps: AuthDeps, visitor: Visitor, code: string): Promise<number | null> => {
  const current = signedInUser(visitor);
  if (current === null) return null;
  const row = await lookupCode(deps.db, code, 'MAGIC_LINK');
  return row && row.userId === current ? current : null;
};

export const signInWithCode = async (deps: AuthDeps, visitor: Visitor, { code, reply }: { code: string } & SessionReply): Promise<LoginResponse> => {
  const owner = await signedInAsOwnerOf(deps, visitor, code);
  if (owner !== null) return signedInProfile(deps, owner);
  return completeSignIn(deps, visitor, reply, await signInWithMagicLink(deps, visitor, { code }));
};

/** Ends this session (a half-open one too) and clears its cookie; signed out already is fine. */
export const signOut = async (deps: AuthDeps, visitor: Visitor, { reply }: SessionReply): Promise<void> => {
  if (visitor.session) await endSession(deps.db, visitor.session.tokenHash);
  clearSessionCookie(reply, cookieSettingsOf(deps.config));
};
