import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import { ConflictError } from '../../../lib/errors.js';
import { assertWritable, type Actor } from '../../../kernel/actor.js';
import { signInWithLedgerIdentity } from '../../../modules/people/auth/ledger-signin.service.js';
import { openSession } from '../../../modules/people/auth/session.service.js';
import { visitorOf } from '../../../kernel/visitor.js';
import { finishConsent } from '../../../modules/books/ledger-connections/consent.service.js';
import { connectFailureMessage } from '../../../modules/books/ledger-connections/connect.service.js';
import { finishSignup } from '../../../modules/books/ledger-connections/ledger-signup.service.js';
import { backTo, CLIENTS_PAGE, type OAuthAnswer } from '../../../modules/books/ledger-connections/oauth-return.rule.js';
import type { ConnectState } from '../../../modules/books/ledger-connections/oauth-state.rule.js';
import { xeroConsentFromCode } from '../xero-connect.js';
import type { XeroContext } from '../xero-context.js';
import { isXeroSandbox } from '../xero-settings.js';
import { DASHBOARD_PAGE, SELECT_CLIENT_PAGE, XERO_RETURN, XERO_SIGN_IN_PAGE, XERO_STATE_COOKIE } from './xero-http-settings.js';

/**
 * Runs a callback's work and ends on the page it answers; a failure ends on `failurePage` saying
 * why (Herd's own message, or what the failure means), logged as `what` failed.
 */
const endOnPage = async (deps: AppDeps, request: FastifyRequest, reply: FastifyReply, failurePage: string, what: string, work: () => Promise<OAuthAnswer>) => {
  try {
    return await work();
  } catch (err) {
    request.log.warn({ err }, `${what} failed`);
    return backTo(reply, XERO_STATE_COOKIE, failurePage, { [XERO_RETURN.error]: connectFailureMessage(deps, 'XERO', err) });
  }
};

interface Callback {
  code: string;
  scope: string | undefined;
}

/**
 * Connect or reconnect: the consent's organisations are placed by the connection services (one
 * is linked at once; several wait on the select-client page for the accountant to place each).
 */
export const finishXeroConnect = async (
  deps: AppDeps,
  xero: XeroContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { actor, state, code, scope }: Callback & { actor: Actor; state: ConnectState },
): Promise<OAuthAnswer> =>
  endOnPage(deps, request, reply, CLIENTS_PAGE, 'Xero connection', async () => {
    assertWritable(actor);
    // Checked before the code is spent, so a callback in the wrong session leaves no grant behind.
    if (state.userId !== actor.userId) throw new ConflictError('This Xero connection was started by someone else. Start it again.');
    const consent = await xeroConsentFromCode(xero, code, scope);
    const outcome = await finishConsent(deps, actor, {
      state,
      consent: {
        kind: 'XERO',
        sandbox: isXeroSandbox(xero.settings),
        credentials: consent.credentials,
        companies: consent.organisations,
        subject: consent.person?.sub || null,
      },
    });
    if (outcome.kind === 'choose') return backTo(reply, XERO_STATE_COOKIE, SELECT_CLIENT_PAGE, { [XERO_RETURN.grant]: outcome.token });
    return backTo(reply, XERO_STATE_COOKIE, CLIENTS_PAGE, { [XERO_RETURN.connected]: String(outcome.companyPk) });
  });

/**
 * Sign in with Xero: the Herd user linked to the Xero login (or, on Xero itself, the one with the
 * email Xero vouches for). A second factor still applies: the sign-in page then asks for it.
 */
export const finishXeroSignin = async (deps: AppDeps, xero: XeroContext, request: FastifyRequest, reply: FastifyReply, { code, scope }: Callback): Promise<OAuthAnswer> =>
  endOnPage(deps, request, reply, XERO_SIGN_IN_PAGE, 'Sign in with Xero', async () => {
    const { person } = await xeroConsentFromCode(xero, code, scope);
    if (!person?.sub) throw new ConflictError('Xero did not say who signed in. Try again.');
    const visitor = visitorOf(request);
    // Only Xero itself vouches for an email: a sandbox's logins are made by Herd for whoever presses its buttons.
    const result = await signInWithLedgerIdentity(deps, visitor, {
      provider: 'XERO',
      subject: person.sub,
      email: person.email,
      emailVouched: !isXeroSandbox(xero.settings),
    });
    await openSession(deps, visitor, reply, result.userId, result.mfaMethod === null);
    if (result.mfaMethod) return backTo(reply, XERO_STATE_COOKIE, XERO_SIGN_IN_PAGE, { [XERO_RETURN.mfa]: result.mfaMethod.toLowerCase() });
    return backTo(reply, XERO_STATE_COOKIE, DASHBOARD_PAGE, {});
  });

/** Sign up with Xero: the person becomes a new firm's admin, and every organisation they ticked its client company. */
export const finishXeroSignup = async (deps: AppDeps, xero: XeroContext, request: FastifyRequest, reply: FastifyReply, { code, scope }: Callback): Promise<OAuthAnswer> =>
  endOnPage(deps, request, reply, XERO_SIGN_IN_PAGE, 'Sign up with Xero', async () => {
    const consent = await xeroConsentFromCode(xero, code, scope);
    const person = consent.person;
    if (!person?.email) throw new ConflictError('Xero did not share an email address, which Herd needs for your account.');
    if (consent.organisations.length === 0) throw new ConflictError('Tick at least one organisation to sign up with Xero.');
    const sandbox = isXeroSandbox(xero.settings);
    const grants = consent.organisations.map((org) => ({ externalCompanyId: org.externalCompanyId, sandbox, credentials: consent.credentials }));
    const visitor = visitorOf(request);
    const { userId, companyPks } = await finishSignup(deps, visitor, {
      kind: 'XERO',
      person: { email: person.email, givenName: person.givenName, familyName: person.familyName, phone: '', subject: person.sub },
      grants,
    });
    await openSession(deps, visitor, reply, userId, true);
    return backTo(reply, XERO_STATE_COOKIE, CLIENTS_PAGE, { [XERO_RETURN.connected]: String(companyPks[0]) });
  });
