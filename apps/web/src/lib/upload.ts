import { IDEMPOTENCY_KEY_HEADER, type CallInput, type Endpoint, type ResponseOf } from '@herd/contract/endpoint';
import { httpClient } from './api-client';
import { buildPath, type PathParams } from './path-builder';
import { newSubmissionKey } from './submission-key';

/**
 * Sends a file to an endpoint of the route table that reads a multipart body
 * (the table has no schema for one, and `call` always sends JSON): method,
 * path and typed answer still come from the table; the form is the body. An
 * `idempotent` endpoint is sent an Idempotency-Key, as `call` does: the
 * caller's own when it may send the same form again (a retry), else a new one.
 */
export const upload = <E extends Endpoint>(endpoint: E, input: CallInput<E>, form: FormData, config: { idempotencyKey?: string } = {}): Promise<ResponseOf<E>> => {
  const { params } = input as { params?: PathParams };
  return httpClient.request<ResponseOf<E>>({
    method: endpoint.method,
    url: buildPath(endpoint.path, params),
    data: form,
    ...(endpoint.idempotent ? { headers: { [IDEMPOTENCY_KEY_HEADER]: config.idempotencyKey ?? newSubmissionKey() } } : {}),
  });
};
