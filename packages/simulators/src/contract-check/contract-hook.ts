import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContractOperation, OpenApiContract } from './openapi-contract.js';
import { recordContractViolation } from './violations.js';

export interface ContractRefusal {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface ContractHookOptions {
  contract: OpenApiContract;
  /**
   * Where the contract's server URL ends in the simulator's paths: `/api.xro/2.0` (the rest is the
   * contract's path), or a pattern whose match is cut off (`/.*(?=\/connections)/i`). A request
   * outside it is not judged.
   */
  basePath: string | RegExp;
  /** How the real service refuses a request outside its contract, in its own error shape. */
  refuse: (problems: string[]) => ContractRefusal;
  /** Requests under `basePath` that the contract does not cover (the simulator's own test controls). */
  skip?: (path: string, request: FastifyRequest) => boolean;
}

/**
 * Puts a simulator's traffic through its service's published contract: a request outside it is
 * refused as the service refuses one (and recorded, so the test that sent it fails), and each answer
 * the simulator gives is checked against the same contract (recorded when it strays), so the
 * simulator cannot drift from the service it stands in for.
 */
export function checkTrafficAgainstContract(app: FastifyInstance, { contract, basePath, refuse, skip }: ContractHookOptions): void {
  const judged = new WeakMap<FastifyRequest, ContractOperation>();
  const relativePath = (url: string) => {
    const path = new URL(url, 'http://simulator').pathname;
    if (typeof basePath !== 'string') {
      const match = basePath.exec(path);
      return match ? path.slice(match.index + match[0].length) || '/' : undefined;
    }
    const at = path.indexOf(basePath);
    return at < 0 ? undefined : path.slice(at + basePath.length) || '/';
  };

  app.addHook('preHandler', async (request, reply) => {
    const path = relativePath(request.url);
    if (path === undefined || skip?.(path, request)) return;
    const url = new URL(request.url, 'http://simulator');
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(url.searchParams.keys())) {
      const values = url.searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0]! : values;
    }
    const body =
      typeof request.body === 'string' && request.headers['content-type']?.includes('form') ? Object.fromEntries(new URLSearchParams(request.body)) : request.body;
    const { operation, problems } = contract.checkRequest({ method: request.method, path, query, headers: request.headers, body });
    if (operation) judged.set(request, operation);
    if (problems.length === 0) return;
    recordContractViolation({ contract: contract.file, direction: 'request', message: `${request.method} ${path}`, problems });
    const refusal = refuse(problems);
    return reply
      .status(refusal.status)
      .headers(refusal.headers ?? {})
      .send(refusal.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const operation = judged.get(request);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!operation || !type.includes('json') || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload.toString());
    } catch {
      return payload;
    }
    const problems = contract.checkResponse(operation, reply.statusCode, type, body);
    if (problems.length) recordContractViolation({ contract: contract.file, direction: 'response', message: `${operation.label} → ${reply.statusCode}`, problems });
    return payload;
  });
}
