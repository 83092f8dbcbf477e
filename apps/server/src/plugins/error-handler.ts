import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { details } from '@herd/contract';
import { AppError, ThrottledError, ValidationError } from '../lib/errors.js';
import { isDataException, sqlStateOf } from '../lib/pg-errors.js';

const ROOT_BODY_MESSAGE = 'The request body must be a JSON object.';

/** Zod issues as the API's field errors: `{"email": ["Email is required."]}`. */
const fieldErrors = (issues: { instancePath: string; message?: string }[]): Record<string, string[]> => {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'detail';
    const message = field === 'detail' ? ROOT_BODY_MESSAGE : (issue.message ?? 'This value is not valid.');
    const list = (fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return fields;
};

export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that does not hold a readable id (or name) points at nothing: the same answer as an id that names nothing.
      if (error.validationContext === 'params') return reply.status(404).send({ detail: details.notFound });
      const fields = fieldErrors(error.validation);
      const { detail, ...rest } = fields;
      return reply.status(400).send(detail && Object.keys(rest).length === 0 ? { detail: detail[0] } : fields);
    }
    if (error instanceof ValidationError) {
      return reply.status(400).send(error.fields ?? { detail: error.message });
    }
    if (error instanceof ThrottledError) {
      return reply.status(429).header('Retry-After', String(error.retryAfterSeconds)).send({ detail: error.message });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ detail: error.message, ...error.body });
    }
    if (isDataException(error)) {
      // Validation should have refused the value; logged so the schema that let it through gets fixed.
      request.log.warn({ err: error, sqlState: sqlStateOf(error) }, 'the database refused a value of the request');
      return reply.status(400).send({ detail: details.valueNotStorable });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type).
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) reply.header('Retry-After', reply.getHeader('retry-after') ?? '60');
      return reply.status(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });
};
