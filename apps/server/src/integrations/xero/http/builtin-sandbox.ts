import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createXeroControl,
  createXeroState,
  restoreXeroState,
  snapshotXeroState,
  xeroSimulatorPlugin,
  type XeroControl,
  type XeroIdentity,
  type XeroSimulatorOptions,
  type XeroState,
} from '@herd/simulators';
import { API_PREFIX } from '@herd/contract';
import type { Config } from '../../../config.js';
import { findUserOfFirm } from '../../../modules/people/auth/auth.face.js';
import { readSignedState } from '../../../modules/books/ledger-connections/oauth-state.rule.js';
import { appOrigin } from '../../../modules/books/ledger-connections/return-origin.rule.js';
import { keepLedgerSandbox, type LedgerSandbox } from '../../../modules/people/sandboxes/ledger-sandbox-file.service.js';
import { firmOwner, signupOwner } from '../../../modules/people/sandboxes/sandbox-owners.service.js';
import { changedOnWrite } from '../../../modules/people/sandboxes/sandbox-state-file.service.js';
import { sandboxVisitor } from '../../../modules/people/sandboxes/sandbox-visitor.rule.js';
import { BUILTIN_XERO_SANDBOX_PATH, XERO_PATHS } from '../xero-settings.js';
import { readSandboxPerson, rememberSandboxPerson, sandboxLogin } from './sandbox-person.js';

/** The organisations every owner of sandbox organisations gets. */
const SANDBOX_ORGANISATIONS = [
  { name: 'Harbour Cafe Ltd (sandbox)', transactions: 60 },
  { name: 'Summit Joinery Ltd (sandbox)', transactions: 40 },
] as const;

/** A tenant id shaped as Xero's GUIDs, fixed for the owner. */
const tenantIdOf = (owner: string, index: number) => {
  const hex = createHash('sha256').update(`${owner}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** The owner's sandbox organisations: its own two (made the first time they are asked for), and any it came to hold. */
const organisationsOf = ({ state, owners, changed }: LedgerSandbox<XeroState>, owner: string): string[] => {
  SANDBOX_ORGANISATIONS.forEach((seed, index) => {
    const tenantId = tenantIdOf(owner, index);
    if (!state.org(tenantId)) state.addOrganisation({ tenantId, ...seed });
    owners.claim(tenantId, owner);
  });
  changed();
  return owners.companiesOf(owner).filter((tenantId) => state.org(tenantId));
};

/**
 * Who may grant what on the sandbox's consent page, and who they are at the sandbox: it opens only
 * with a state Herd signed. A connection (or reconnection) is granted by the signed-in firm member
 * who started it, from their firm's own sandbox organisations, as their own sandbox login; a
 * sign-up, by whoever holds its state, from organisations of its own, as the browser's sandbox
 * login or a new one; a sign-in picks no organisation, as the browser's sandbox login (or an
 * unknown one, which Herd finds no account for). The organisations a sign-up made are the firm's
 * it made once it holds them, so its Reconnect offers them. No firm ever sees, or connects, another's.
 */
const consentScopeFor =
  (sandbox: LedgerSandbox<XeroState>, config: Config, chosen: WeakMap<FastifyRequest, XeroIdentity>) => async (request: FastifyRequest, oauthState: string) => {
    const signed = readSignedState(config.secretKey, oauthState);
    if (!signed) return null;
    const remembered = readSandboxPerson(request, config.secretKey);
    const grant = (organisations: string[], user: XeroIdentity) => {
      chosen.set(request, user);
      return { organisations, user };
    };
    if (signed.purpose === 'signin') return grant([], remembered ?? sandboxLogin(config.secretKey, `unknown:${signed.nonce}`));
    if (signed.purpose === 'signup')
      return grant(organisationsOf(sandbox, signupOwner(signed.nonce)), remembered ?? sandboxLogin(config.secretKey, `signup:${signed.nonce}`));
    const visitor = await sandboxVisitor(request);
    if (!visitor || visitor.userId !== signed.userId) return null;
    const user = await findUserOfFirm(request.server.deps.db, visitor.firmId, visitor.userId);
    if (!user) return null;
    const login = sandboxLogin(config.secretKey, `user:${user.pk}`, { email: user.email, givenName: user.firstName, familyName: user.lastName });
    await sandbox.owners.adoptLinked(request.server.deps.db, 'XERO', visitor.firmId);
    return grant(organisationsOf(sandbox, firmOwner(visitor.firmId)), login);
  };

/**
 * Without Xero credentials (and with sandboxes on: development, or `SANDBOXES=on`), Herd serves a
 * Xero sandbox itself (the same simulator the tests use) at /sandbox/xero, so "Connect Xero",
 * "Sign in with Xero" and "Sign up with Xero" work on a fresh install. Each firm gets its own two
 * sandbox organisations. The sandbox (organisations with everything in them, whose each is, consents
 * and their tokens) is kept in DATA_DIR/sandboxes/xero.json, so a restart changes nothing a firm
 * sees and connections keep working (sandbox-state-file.service.ts says when it is in memory only). Once Herd listens, its webhooks are delivered,
 * signed, to Herd's own webhook endpoint (main.ts). Its consent page is served on the address the person uses and may send the
 * browser on to APP_URL's, where the OAuth callback is registered.
 */
export const mountBuiltinXeroSandbox = async (app: FastifyInstance, config: Config): Promise<XeroControl | null> => {
  if (config.xero.mode !== 'builtin-sandbox' || config.xero.baseUrl) return null;
  const options: XeroSimulatorOptions = {
    clientId: config.xero.clientId,
    clientSecret: config.xero.clientSecret,
    webhookKey: config.xero.webhookKey,
    redirectUris: [`${config.appUrl}${API_PREFIX}${XERO_PATHS.callback}`],
    organisations: [],
  };
  const sandbox = keepLedgerSandbox(app, config, 'xero', {
    fresh: () => createXeroState(options),
    restore: (saved) => restoreXeroState(options, saved),
    snapshot: snapshotXeroState,
  });
  const { state } = sandbox;
  const chosen = new WeakMap<FastifyRequest, XeroIdentity>();
  const callbackOrigin = appOrigin(config.appUrl);
  const secure = config.appUrl.startsWith('https://');
  await app.register(
    async (mounted) => {
      mounted.addHook('onSend', async (request, reply, payload) => {
        // The consent form's answer goes to the callback at APP_URL's address, which may not be the page's own (127.0.0.1 for localhost).
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') reply.header('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${callbackOrigin}`));
        const person = chosen.get(request);
        if (person) rememberSandboxPerson(reply, config.secretKey, person, secure);
        return payload;
      });
      mounted.addHook('onResponse', changedOnWrite(sandbox));
      await mounted.register(xeroSimulatorPlugin, { state, consentScope: consentScopeFor(sandbox, config, chosen) });
    },
    { prefix: BUILTIN_XERO_SANDBOX_PATH },
  );
  return createXeroControl(state);
};
