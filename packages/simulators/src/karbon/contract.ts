import type { FastifyInstance } from 'fastify';
import { checkTrafficAgainstContract, openApiContract, type ContractRefusal } from '../contract-check/index.js';
import { prepareKarbonReference } from './contract-document.js';

/** Karbon's published API reference (OpenAPI 3.1), kept in `contracts/karbon/`. */
export const KARBON_CONTRACT = 'karbon/KarbonAPI.json';

const UNKNOWN_RESOURCE = /is not a path of the contract|is not an operation of/;

/**
 * How Karbon refuses a request outside its API, in the reference's own error shape
 * (`ErrorMessages`: `{"error":{"code","message"}}`): a path or method it has no resource for is its
 * 404 with code 4002 ("No HTTP resource was found that matches the request URI …", the
 * `HTTP_Resource_Not_Found` example); anything else (a query option, a header, a body field) is its
 * 400 with code 4002, as for a bad model or an option that is not allowed.
 */
export function refuseOutsideKarbonApi(problems: string[]): ContractRefusal {
  if (problems.some((problem) => UNKNOWN_RESOURCE.test(problem))) {
    return { status: 404, body: { error: { code: '4002', message: `No HTTP resource was found that matches the request URI: ${problems.join(' ')}` } } };
  }
  return { status: 400, body: { error: { code: '4002', message: `The request is not valid: ${problems.join(' ')}` } } };
}

/**
 * Puts every request to the simulator's `/v3` API, and every JSON answer it gives, through Karbon's
 * reference. The reference's paths start at `/v3`, so what stands before it is the prefix the plugin
 * is mounted under (`/sandbox/karbon` in Herd's sandbox, nothing on its own server). The simulator
 * has no routes of its own there (its test levers are plain methods, `control.ts`), so nothing is skipped.
 */
export function checkKarbonTraffic(app: FastifyInstance): void {
  // Read and compiled once per process, shared by every simulator started.
  const contract = openApiContract(KARBON_CONTRACT, prepareKarbonReference);
  checkTrafficAgainstContract(app, { contract, basePath: app.prefix, refuse: refuseOutsideKarbonApi });
}
