import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { callbackUrl, checkAuthorizeRequest, type AuthorizeRequest } from './authorize.js';
import { renderConsentPage, renderErrorPage } from './consent-page.js';
import { OAuthError } from './faults.js';
import { SANDBOX_USER, type Grant } from './oauth-store.js';
import type { QboState } from './state.js';
import { isJsonObject, type JsonObject } from './types.js';

type Params = Record<string, string | undefined>;

/**
 * The companies a visitor of the consent page may grant, as a host that serves the simulator to
 * people decides it (from their session and the authorize request's `state`); null: nobody to it.
 */
export type ConsentScope = (request: FastifyRequest, oauthState: string) => Promise<readonly string[] | null>;

/** Intuit's OAuth 2.0 / OpenID endpoints (§1.1), on the simulator's own host. */
export function oauthRoutes(state: QboState, consentScope?: ConsentScope) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/connect/oauth2', async (request, reply) => authorize(state, request, request.query as Params, reply, consentScope));
    app.post('/connect/oauth2', async (request, reply) => authorize(state, request, formFields(request.body), reply, consentScope));

    app.post('/oauth2/v1/tokens/bearer', async (request, reply) => {
      checkClient(state, request);
      const form = formFields(request.body);
      const grant = tokenGrant(state, form);
      const tokens = state.oauth.issueTokens(grant, request.headers['x-include-refresh-token-hard-expires-in'] === 'true');
      if (grant.scopes.includes('openid')) tokens.id_token = state.idTokens.sign(grant, state.clock.now());
      return reply.header('cache-control', 'no-store').send(tokens);
    });

    // RFC 7009: revoking answers 200 whether or not the token was known.
    app.post('/v2/oauth2/tokens/revoke', async (request, reply) => {
      checkClient(state, request);
      const token = isJsonObject(request.body) ? request.body.token : formFields(request.body).token;
      if (typeof token !== 'string' || token === '') throw new OAuthError(400, 'invalid_request', 'token is required');
      state.oauth.revoke(token);
      return reply.status(200).send();
    });

    app.get('/v1/openid_connect/userinfo', async (request) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const check = state.oauth.checkAccessToken(token);
      if (!check.ok) throw new OAuthError(401, 'invalid_token', check.detail);
      if (!check.grant.scopes.includes('openid')) throw new OAuthError(403, 'insufficient_scope', 'the openid scope was not granted');
      return userInfo(check.grant);
    });

    app.get('/op/v1/jwks', async () => state.idTokens.jwks());
  };
}

const NOBODY = 'This sandbox page opens only from Herd\u2019s Connect QuickBooks button, for the signed-in person who pressed it. Go back to Herd and press it again.';

async function authorize(state: QboState, http: FastifyRequest, params: Params, reply: FastifyReply, consentScope?: ConsentScope): Promise<FastifyReply> {
  const check = checkAuthorizeRequest(state, params);
  if (check.kind === 'page') return reply.status(400).type('text/html').send(renderErrorPage(check.message));
  if (check.kind === 'redirect') return reply.redirect(check.location, 302);
  const { request } = check;
  if (params.decision === 'cancel') return reply.redirect(callbackUrl(request.redirectUri, { error: 'access_denied', state: request.state }), 302);
  const scope = consentScope ? await consentScope(http, request.state) : [...state.companies.keys()];
  if (scope === null) return reply.status(401).type('text/html').send(renderErrorPage(NOBODY));
  const auto = state.autoApprove;
  const chosen = params.decision === 'connect' ? params.realmId : auto === true ? scope[0] : auto || undefined;
  if (chosen !== undefined) {
    if (!scope.includes(chosen))
      return reply
        .status(400)
        .type('text/html')
        .send(renderErrorPage(`No sandbox company ${chosen}.`));
    return approve(state, request, chosen, reply);
  }
  const companies = scope.flatMap((realmId) => {
    const company = state.company(realmId);
    return company ? [{ realmId, name: company.name }] : [];
  });
  const hidden: Record<string, string> = {
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: 'code',
    scope: request.scopes.join(' '),
    state: request.state,
  };
  return reply.type('text/html').send(renderConsentPage({ appName: 'Herd', scopes: request.scopes, companies, hidden }));
}

function approve(state: QboState, request: AuthorizeRequest, realmId: string, reply: FastifyReply): FastifyReply {
  if (!state.company(realmId))
    return reply
      .status(400)
      .type('text/html')
      .send(renderErrorPage(`No sandbox company ${realmId}.`));
  const code = state.oauth.issueCode(realmId, request.scopes, request.redirectUri);
  return reply.redirect(callbackUrl(request.redirectUri, { code, state: request.state, realmId }), 302);
}

function tokenGrant(state: QboState, form: Params): Grant {
  switch (form.grant_type) {
    case 'authorization_code':
      if (!form.code || !form.redirect_uri) throw new OAuthError(400, 'invalid_request', 'code and redirect_uri are required');
      return state.oauth.redeemCode(form.code, form.redirect_uri);
    case 'refresh_token':
      if (!form.refresh_token) throw new OAuthError(400, 'invalid_request', 'refresh_token is required');
      return state.oauth.rotateRefreshToken(form.refresh_token);
    default:
      throw new OAuthError(400, 'unsupported_grant_type');
  }
}

/** Token and revoke calls authenticate the app with HTTP Basic client_id:client_secret. */
function checkClient(state: QboState, request: FastifyRequest): void {
  const encoded = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (colon < 0 || clientId !== state.options.clientId || secret !== state.options.clientSecret) {
    throw new OAuthError(401, 'invalid_client');
  }
}

/** Form bodies arrive as the raw string (our parser) or as an object (a host app's form parser). */
function formFields(body: unknown): Params {
  if (typeof body === 'string') return Object.fromEntries(new URLSearchParams(body));
  if (!isJsonObject(body)) return {};
  return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : undefined]));
}

function userInfo(grant: Grant): JsonObject {
  const info: JsonObject = { sub: SANDBOX_USER.sub };
  if (grant.scopes.includes('email')) Object.assign(info, { email: SANDBOX_USER.email, emailVerified: SANDBOX_USER.emailVerified });
  if (grant.scopes.includes('profile')) Object.assign(info, { givenName: SANDBOX_USER.givenName, familyName: SANDBOX_USER.familyName });
  if (grant.scopes.includes('phone')) {
    Object.assign(info, { phoneNumber: SANDBOX_USER.phoneNumber, phoneNumberVerified: SANDBOX_USER.phoneNumberVerified });
  }
  if (grant.scopes.includes('address')) {
    info.address = { streetAddress: '2600 Marine Way', locality: 'Mountain View', region: 'CA', postalCode: '94043', country: 'US' };
  }
  return info;
}
