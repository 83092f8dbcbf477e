import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createXeroControl, createXeroState, xeroSimulatorPlugin, type XeroControl, type XeroIdentity, type XeroState } from '@herd/simulators';
import { API_PREFIX } from '@herd/contract';
import type { Config } from '../../../config.js';
import { findUserOfFirm } from '../../../modules/auth/auth.face.js';
import { readSignedState } from '../../../modules/ledger-connections/oauth-state.js';
import { appOrigin } from '../../../modules/ledger-connections/return-origin.js';
import { sandboxVisitor } from '../../../modules/sandboxes/sandbox-visitor.js';
import { BUILTIN_XERO_SANDBOX_PATH, XERO_PATHS } from '../xero-settings.js';
import { readSandboxPerson, rememberSandboxPerson, sandboxLogin } from './sandbox-person.js';

/** The organisations every owner of sandbox organisations gets. */
const SANDBOX_ORGANISATIONS = [
  { name: 'Harbour Cafe Ltd (sandbox)', transactions: 60 },
  { name: 'Summit Joinery Ltd (sandbox)', transactions: 40 },
] as const;

/** A tenant id shaped as Xero's GUIDs, fixed for the owner: `firm:12` finds the same organisations again until a restart. */
const tenantIdOf = (owner: string, index: number) => {
  const hex = createHash('sha256').update(`${owner}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The owner's sandbox organisations, made the first time they are asked for. */
const organisationsOf = (state: XeroState, owner: string): string[] =>
  SANDBOX_ORGANISATIONS.map((seed, index) => {
    const tenantId = tenantIdOf(owner, index);
    if (!state.org(tenantId)) state.addOrganisation({ tenantId, ...seed });
    return tenantId;
  });

/**
 * Who may grant what on the sandbox's consent page, and who they are at the sandbox: it opens only
 * with a state Herd signed. A connection (or reconnection) is granted by the signed-in firm member
 * who started it, from their firm's own sandbox organisations, as their own sandbox login; a
 * sign-up, by whoever holds its state, from organisations of its own, as the browser's sandbox
 * login or a new one; a sign-in picks no organisation, as the browser's sandbox login (or an
 * unknown one, which Herd finds no account for). No firm ever sees, or connects, another's.
 */
const consentScopeFor = (state: XeroState, config: Config, chosen: WeakMap<FastifyRequest, XeroIdentity>) => async (request: FastifyRequest, oauthState: string) => {
  const signed = readSignedState(config.secretKey, oauthState);
  if (!signed) return null;
  const remembered = readSandboxPerson(request, config.secretKey);
  const grant = (organisations: string[], user: XeroIdentity) => {
    chosen.set(request, user);
    return { organisations, user };
  };
  if (signed.purpose === 'signin') return grant([], remembered ?? sandboxLogin(config.secretKey, `unknown:${signed.nonce}`));
  if (signed.purpose === 'signup') return grant(organisationsOf(state, `signup:${signed.nonce}`), remembered ?? sandboxLogin(config.secretKey, `signup:${signed.nonce}`));
  const visitor = await sandboxVisitor(request);
  if (!visitor || visitor.userId !== signed.userId) return null;
  const user = await findUserOfFirm(request.server.deps.db, visitor.firmId, visitor.userId);
  if (!user) return null;
  const login = sandboxLogin(config.secretKey, `user:${user.pk}`, { email: user.email, givenName: user.firstName, familyName: user.lastName });
  return grant(organisationsOf(state, `firm:${visitor.firmId}`), login);
};

/**
 * Without Xero credentials (and with sandboxes on: development, or `SANDBOXES=on`), Herd serves a
 * Xero sandbox itself (the same simulator the tests use) at /sandbox/xero, so "Connect Xero",
 * "Sign in with Xero" and "Sign up with Xero" work on a fresh install. Each firm gets its own two
 * sandbox organisations; they live in memory: a restart brings them back as seeded, and connected
 * sandbox organisations ask to be reconnected. Once Herd listens, its webhooks are delivered,
 * signed, to Herd's own webhook endpoint (main.ts). Its consent page is served on the address the person uses and may send the
 * browser on to APP_URL's, where the OAuth callback is registered.
 */
export const mountBuiltinXeroSandbox = async (app: FastifyInstance, config: Config): Promise<XeroControl | null> => {
  if (config.xero.mode !== 'builtin-sandbox' || config.xero.baseUrl) return null;
  const state = createXeroState({
    clientId: config.xero.clientId,
    clientSecret: config.xero.clientSecret,
    webhookKey: config.xero.webhookKey,
    redirectUris: [`${config.appUrl}${API_PREFIX}${XERO_PATHS.callback}`],
    organisations: [],
  });
  const chosen = new WeakMap<FastifyRequest, XeroIdentity>();
  const callbackOrigin = appOrigin(config.appUrl);
  const secure = config.appUrl.startsWith('https://');
  await app.register(
    async (sandbox) => {
      sandbox.addHook('onSend', async (request, reply, payload) => {
        // The consent form's answer goes to the callback at APP_URL's address, which may not be the page's own (127.0.0.1 for localhost).
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') reply.header('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${callbackOrigin}`));
        const person = chosen.get(request);
        if (person) rememberSandboxPerson(reply, config.secretKey, person, secure);
        return payload;
      });
      await sandbox.register(xeroSimulatorPlugin, { state, consentScope: consentScopeFor(state, config, chosen) });
    },
    { prefix: BUILTIN_XERO_SANDBOX_PATH },
  );
  return createXeroControl(state);
};
