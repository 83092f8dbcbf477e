import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callbackUrl } from '../qbo/authorize.js';
import { renderErrorPage } from '../qbo/consent-page.js';
import { renderXeroConsentPage } from './consent-page.js';
import { OAuthError } from './errors.js';
import type { Grant, XeroIdentity } from './oauth-store.js';
import type { XeroState } from './state.js';
import { isJsonObject } from './types.js';

/**
 * What a visitor of the consent page may grant, as a host serving the simulator to people decides
 * (from their session and the authorize request's `state`): the organisations they may tick, and
 * who they are at Xero (the default sandbox user when not named); null: nobody to it.
 */
export type XeroConsentScope = (request: FastifyRequest, oauthState: string) => Promise<{ organisations: readonly string[]; user?: XeroIdentity } | null>;

/** Scopes that reach organisations; without any (a "Sign in with Xero"), Xero signs the person in and picks none. */
const reachesOrganisations = (scopes: string[]) => scopes.some((scope) => scope === 'offline_access' || /^(accounting|payroll|files|assets|projects)\./.test(scope));

/** Scopes Xero's identity server knows; anything else is `invalid_scope`. */
const SCOPE = /^(openid|profile|email|offline_access|accounting\.[a-z.]+|payroll\.[a-z.]+|files(\.read)?|assets(\.read)?|projects(\.read)?)$/;

/** Xero's OAuth 2.0 / OpenID endpoints (§2.1), under /identity as on identity.xero.com and login.xero.com. */
export function oauthRoutes(state: XeroState, consentScope?: XeroConsentScope) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/identity/connect/authorize', async (request, reply) =>
      authorize(state, request, new URLSearchParams(request.query as Record<string, string>), reply, consentScope),
    );
    app.post('/identity/connect/authorize', async (request, reply) => authorize(state, request, formParams(request.body), reply, consentScope));

    app.post('/identity/connect/token', async (request, reply) => {
      checkClient(state, request);
      const form = formParams(request.body);
      const grant = tokenGrant(state, form);
      const tokens = state.oauth.issueTokens(grant);
      if (grant.scopes.includes('openid')) tokens.id_token = state.idTokens.sign(grant, state.clock.now());
      return reply.header('cache-control', 'no-store').send(tokens);
    });

    // RFC 7009: revoking answers 200 whether or not the token was known.
    app.post('/identity/connect/revocation', async (request, reply) => {
      checkClient(state, request);
      const token = formParams(request.body).get('token');
      if (!token) throw new OAuthError(400, 'invalid_request', 'token is required');
      state.oauth.revoke(token);
      return reply.status(200).send();
    });

    app.get('/identity/connect/userinfo', async (request) => {
      const grant = bearerGrant(state, request);
      const person = grant.user;
      if (!grant.scopes.includes('openid')) throw new OAuthError(403, 'insufficient_scope');
      return {
        sub: person.sub,
        xero_userid: person.xeroUserId,
        ...(grant.scopes.includes('email') ? { email: person.email } : {}),
        ...(grant.scopes.includes('profile')
          ? {
              given_name: person.givenName,
              family_name: person.familyName,
              name: `${person.givenName} ${person.familyName}`,
              preferred_username: person.email,
            }
          : {}),
      };
    });

    app.get('/identity/.well-known/openid-configuration/jwks', async () => state.idTokens.jwks());
  };
}

/** The live grant behind a request's bearer token, or a 401. */
export function bearerGrant(state: XeroState, request: FastifyRequest): Grant {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const check = state.oauth.checkAccessToken(token);
  if (!check.ok) throw new OAuthError(401, 'invalid_token', check.detail);
  return check.grant;
}

async function authorize(state: XeroState, http: FastifyRequest, params: URLSearchParams, reply: FastifyReply, consentScope?: XeroConsentScope): Promise<FastifyReply> {
  const page = (status: number, message: string) => reply.status(status).type('text/html').send(renderErrorPage(message));
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  const appState = params.get('state') ?? undefined;
  // As RFC 6749 §4.1.2.1 requires, a bad client or redirect URI is shown, never redirected to.
  if (clientId !== state.options.clientId) return page(400, 'The app is not recognised (invalid client_id).');
  if (!allowedRedirect(state, redirectUri)) return page(400, 'The redirect_uri is not registered for this app.');
  const back = (query: Record<string, string | undefined>) => reply.redirect(callbackUrl(redirectUri, { ...query, state: appState }), 302);
  if (params.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
  const scopes = (params.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
  if (scopes.length === 0 || scopes.some((scope) => !SCOPE.test(scope))) return back({ error: 'invalid_scope' });
  if (params.get('decision') === 'cancel') return back({ error: 'access_denied' });

  const granted = consentScope ? await consentScope(http, appState ?? '') : { organisations: [...state.orgs.keys()] };
  if (granted === null) return page(401, 'This sandbox page opens only from Herd\u2019s Xero buttons, for the person who pressed them.');
  const scope = granted.organisations;
  if (!reachesOrganisations(scopes)) return back({ code: state.oauth.issueCode([], scopes, redirectUri, granted.user), scope: scopes.join(' ') });
  const auto = state.autoApprove;
  const chosen = params.get('decision') === 'allow' ? params.getAll('tenantId') : auto === true ? scope.slice(0, 1) : auto === false ? [] : [auto].flat();
  if (params.get('decision') === 'allow' && chosen.length === 0) return page(400, 'Tick at least one organisation to connect.');
  if (chosen.length > 0) {
    const unknown = chosen.find((tenantId) => !scope.includes(tenantId) || !state.orgs.has(tenantId));
    if (unknown) return page(400, `No sandbox organisation ${unknown}.`);
    const code = state.oauth.issueCode(chosen, scopes, redirectUri, granted.user);
    return back({ code, scope: scopes.join(' ') });
  }
  const organisations = scope.flatMap((tenantId) => {
    const org = state.orgs.get(tenantId);
    return org ? [{ tenantId, name: org.name }] : [];
  });
  const hidden: Record<string, string> = { client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: scopes.join(' ') };
  if (appState !== undefined) hidden.state = appState;
  return reply.type('text/html').send(renderXeroConsentPage({ appName: 'Herd', scopes, organisations, hidden }));
}

function tokenGrant(state: XeroState, form: URLSearchParams): Grant {
  switch (form.get('grant_type')) {
    case 'authorization_code': {
      const code = form.get('code');
      const redirectUri = form.get('redirect_uri');
      if (!code || !redirectUri) throw new OAuthError(400, 'invalid_request', 'code and redirect_uri are required');
      return state.oauth.redeemCode(code, redirectUri);
    }
    case 'refresh_token': {
      const token = form.get('refresh_token');
      if (!token) throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
      return state.oauth.rotateRefreshToken(token);
    }
    default:
      throw new OAuthError(400, 'unsupported_grant_type');
  }
}

/** Token and revocation calls authenticate the app with HTTP Basic client_id:client_secret. */
function checkClient(state: XeroState, request: FastifyRequest): void {
  const encoded = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0 || decoded.slice(0, colon) !== state.options.clientId || decoded.slice(colon + 1) !== state.options.clientSecret) {
    throw new OAuthError(401, 'invalid_client');
  }
}

/** Form bodies arrive as the raw string (our parser) or as an object (a host app's form parser). */
function formParams(body: unknown): URLSearchParams {
  if (typeof body === 'string') return new URLSearchParams(body);
  const params = new URLSearchParams();
  if (!isJsonObject(body)) return params;
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') params.append(key, item);
  }
  return params;
}

function allowedRedirect(state: XeroState, redirectUri: string): boolean {
  if (!URL.canParse(redirectUri)) return false;
  const { protocol } = new URL(redirectUri);
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  return state.options.redirectUris === undefined || state.options.redirectUris.includes(redirectUri);
}
