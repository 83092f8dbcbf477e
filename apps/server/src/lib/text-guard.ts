import type { FastifyInstance, FastifyRequest } from 'fastify';
import { labelOf, messages } from '@herd/contract';
import { NotFoundError, ValidationError } from './errors.js';

/**
 * A NUL character, or half of a UTF-16 surrogate pair with no other half.
 * Neither is anything a person types; PostgreSQL cannot store the first in
 * text, and the second turns into a replacement character or an encoding
 * error depending on the driver.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasForbiddenCharacters = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Field errors are reported for at most this many places; one is enough to fix the request. */
const MAX_REPORTED = 20;

/** Where in a parsed body or query a string (a value or a key) holds forbidden characters, as `a.0.b` paths. */
export const forbiddenTextPaths = (value: unknown): string[][] => {
  const found: string[][] = [];
  // Iterative: a body may nest thousands of levels deep.
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasForbiddenCharacters(v)) found.push(path);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (hasForbiddenCharacters(key)) found.push([...path, key]);
        else stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return found;
};

const refusal = (paths: string[][]): ValidationError => {
  if (paths.some((path) => path.length === 0)) return ValidationError.detail(messages.badCharacters('The request'));
  return new ValidationError(Object.fromEntries(paths.map((path) => [path.join('.'), [messages.badCharacters(labelOf(path))]])));
};

/**
 * One check, before any route validates its input: text that holds a NUL or
 * a lone surrogate is refused with a field error wherever it is (body, query,
 * keys included), so it never reaches a service or the database. A path
 * parameter holding one names nothing: 404, like any other unreadable id.
 */
const refuseForbiddenText = async (request: FastifyRequest) => {
  if (forbiddenTextPaths(request.params).length > 0) throw new NotFoundError();
  const paths = [...forbiddenTextPaths(request.query), ...forbiddenTextPaths(request.body)];
  if (paths.length > 0) throw refusal(paths);
};

export const registerTextGuard = (app: FastifyInstance): void => {
  app.addHook('preValidation', refuseForbiddenText);
};
