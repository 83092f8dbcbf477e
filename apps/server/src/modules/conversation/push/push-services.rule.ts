/**
 * Whether a subscription's host is one of the browsers' push services the install knows (the
 * defaults are in integrations/web-push/web-push-settings.ts; PUSH_SERVICE_HOSTS replaces them), or
 * under one ("updates.push.services.mozilla.com"): the server POSTs to it, so no other address is taken.
 */
export const isPushServiceHost = (hostname: string, hosts: readonly string[]) => hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
