import type { CallInput, Endpoint, ResponseOf } from '@herd/contract';
import { httpClient } from './api-client';
import { buildPath, type PathParams } from './path-builder';

/**
 * Sends a file to an endpoint of the route table that reads a multipart body
 * (the table has no schema for one, and `call` always sends JSON): method,
 * path and typed answer still come from the table; the form is the body.
 */
export const upload = <E extends Endpoint>(endpoint: E, input: CallInput<E>, form: FormData): Promise<ResponseOf<E>> => {
  const { params } = input as { params?: PathParams };
  return httpClient.request<ResponseOf<E>>({ method: endpoint.method, url: buildPath(endpoint.path, params), data: form });
};
