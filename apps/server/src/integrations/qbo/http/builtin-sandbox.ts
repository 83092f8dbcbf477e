import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createControl,
  createQboState,
  qboSimulatorPlugin,
  restoreQboState,
  snapshotQboState,
  type QboControl,
  type QboSimulatorOptions,
  type QboState,
} from '@herd/simulators';
import type { Config } from '../../../config.js';
import { API_PREFIX } from '@herd/contract';
import { readSignedState } from '../../../modules/books/ledger-connections/oauth-state.rule.js';
import { appOrigin } from '../../../modules/books/ledger-connections/return-origin.rule.js';
import { keepLedgerSandbox, type LedgerSandbox } from '../../../modules/people/sandboxes/ledger-sandbox-file.service.js';
import { firmOwner, signupOwner } from '../../../modules/people/sandboxes/sandbox-owners.service.js';
import { changedOnWrite } from '../../../modules/people/sandboxes/sandbox-state-file.service.js';
import { sandboxVisitor } from '../../../modules/people/sandboxes/sandbox-visitor.rule.js';
import { BUILTIN_SANDBOX_PATH, QBO_PATHS } from '../qbo-settings.js';

/** The companies every owner of sandbox companies gets, each with its own realm. */
const SANDBOX_COMPANIES = [
  { name: 'Sandbox Bakery Co. (sandbox)', transactions: 80 },
  { name: 'Sandbox Landscaping LLC (sandbox)', transactions: 40 },
] as const;

/** A realm id of 16 digits, as Intuit's, fixed for the owner. */
const realmIdOf = (owner: string, index: number) => {
  const digits = BigInt(`0x${createHash('sha256').update(owner).digest('hex').slice(0, 12)}`) % 10n ** 11n;
  return `9341${digits.toString().padStart(11, '0')}${index + 1}`;
};

/** The owner's sandbox companies: its own two (made the first time they are asked for), and any it came to hold. */
const companiesOf = ({ state, owners, changed }: LedgerSandbox<QboState>, owner: string): string[] => {
  SANDBOX_COMPANIES.forEach((seed, index) => {
    const realmId = realmIdOf(owner, index);
    if (!state.company(realmId)) state.addCompany({ realmId, ...seed });
    owners.claim(realmId, owner);
  });
  changed();
  return owners.companiesOf(owner).filter((realmId) => state.company(realmId));
};

/**
 * Who may grant what on the consent page: it opens only with a `state` Herd signed. A connection
 * (or reconnection) is granted by the signed-in firm member who started it, from their firm's own
 * sandbox companies; a sign-up with Intuit, by whoever holds its state, from companies of its own.
 * The companies a sign-up made are the firm's it made once it holds them, so its Reconnect offers
 * them. No firm ever sees, or connects, another's.
 */
const consentScopeFor = (sandbox: LedgerSandbox<QboState>, secretKey: string) => async (request: FastifyRequest, oauthState: string) => {
  const signed = readSignedState(secretKey, oauthState);
  if (!signed) return null;
  if (signed.purpose === 'signup') return companiesOf(sandbox, signupOwner(signed.nonce));
  const visitor = await sandboxVisitor(request);
  if (!visitor || visitor.userId !== signed.userId) return null;
  await sandbox.owners.adoptLinked(request.server.deps.db, 'QBO', visitor.firmId);
  return companiesOf(sandbox, firmOwner(visitor.firmId));
};

/**
 * Without Intuit credentials (and with sandboxes on: development, or `SANDBOXES=on`), Herd serves a
 * QuickBooks Online sandbox itself (the same simulator the tests use), so "Connect QuickBooks"
 * works on a fresh install. Each firm gets its own two sandbox companies. The sandbox (companies
 * with everything in them, whose each is, grants and their tokens) is kept in
 * DATA_DIR/sandboxes/quickbooks-online.json, so a restart changes nothing a firm sees and
 * connections keep working (sandbox-state-file.service.ts says when it is in memory only). Its consent page is served on the address the person uses and may send the browser on to APP_URL's,
 * where the OAuth callback is registered.
 */
export const mountBuiltinSandbox = async (app: FastifyInstance, config: Config): Promise<QboControl | null> => {
  if (config.qbo.mode !== 'builtin-sandbox' || config.qbo.baseUrl) return null;
  const options: QboSimulatorOptions = {
    clientId: config.qbo.clientId,
    clientSecret: config.qbo.clientSecret,
    webhookVerifierToken: config.qbo.webhookVerifierToken,
    redirectUris: [`${config.appUrl}${API_PREFIX}${QBO_PATHS.callback}`, `${config.appUrl}${API_PREFIX}${QBO_PATHS.signupCallback}`],
    companies: [],
  };
  const sandbox = keepLedgerSandbox(app, config, 'quickbooks-online', {
    fresh: () => createQboState(options),
    restore: (saved) => restoreQboState(options, saved),
    snapshot: snapshotQboState,
  });
  const { state } = sandbox;
  const callbackOrigin = appOrigin(config.appUrl);
  await app.register(
    async (mounted) => {
      // The consent form's answer goes to the callback at APP_URL's address, which may not be the page's own (127.0.0.1 for localhost).
      mounted.addHook('onSend', async (_request, reply, payload) => {
        const policy = reply.getHeader('content-security-policy');
        if (typeof policy === 'string') reply.header('content-security-policy', policy.replace("form-action 'self'", `form-action 'self' ${callbackOrigin}`));
        return payload;
      });
      mounted.addHook('onResponse', changedOnWrite(sandbox));
      await mounted.register(qboSimulatorPlugin, { state, consentScope: consentScopeFor(sandbox, config.secretKey) });
    },
    { prefix: BUILTIN_SANDBOX_PATH },
  );
  return createControl(state);
};
