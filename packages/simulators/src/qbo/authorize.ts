import type { QboState } from './state.js';

export const KNOWN_SCOPES = ['com.intuit.quickbooks.accounting', 'com.intuit.quickbooks.payment', 'openid', 'profile', 'email', 'phone', 'address'];

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
}

/**
 * Outcome of checking authorize parameters. As RFC 6749 §4.1.2.1 requires, a bad client or
 * redirect URI is shown to the user (never redirected to); other errors go back to the app.
 */
export type AuthorizeCheck = { kind: 'ok'; request: AuthorizeRequest } | { kind: 'page'; message: string } | { kind: 'redirect'; location: string };

export function checkAuthorizeRequest(state: QboState, params: Record<string, string | undefined>): AuthorizeCheck {
  const { client_id: clientId = '', redirect_uri: redirectUri = '', response_type: responseType, scope = '', state: appState } = params;
  if (clientId !== state.options.clientId) return { kind: 'page', message: 'The app is not recognised (invalid client_id).' };
  if (!isAllowedRedirect(state, redirectUri)) return { kind: 'page', message: 'The redirect_uri is not registered for this app.' };
  const back = (error: string): AuthorizeCheck => ({ kind: 'redirect', location: callbackUrl(redirectUri, { error, state: appState }) });
  if (responseType !== 'code') return back('unsupported_response_type');
  const scopes = scope.split(/[\s+]+/).filter(Boolean);
  if (scopes.length === 0 || scopes.some((s) => !KNOWN_SCOPES.includes(s))) return back('invalid_scope');
  if (!appState) return back('invalid_request');
  return { kind: 'ok', request: { clientId, redirectUri, scopes, state: appState } };
}

export function callbackUrl(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function isAllowedRedirect(state: QboState, redirectUri: string): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return state.options.redirectUris === undefined || state.options.redirectUris.includes(redirectUri);
}
