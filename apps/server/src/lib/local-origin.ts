import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Where this process listens, as something on the same machine reaches it (a built-in sandbox
 * calling back into Herd): a wildcard address becomes loopback. Null before it listens.
 */
export const listeningOrigin = (app: FastifyInstance): string | null => {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
};
