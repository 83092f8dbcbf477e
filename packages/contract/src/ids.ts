import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Every id Herd hands out is a PostgreSQL `integer` (int4) identity column, so
 * an id past 2,147,483,647 names nothing. Checking the range here, for every
 * id of a path, query or body, keeps such a number from ever reaching the
 * database (which would refuse it with an error instead of "not found").
 */
export const ID_MAX = 2_147_483_647;

/** Whether a number can be an id (a multipart field or a list in one query parameter, read by hand). */
export const isId = (n: number): boolean => Number.isInteger(n) && n >= 1 && n <= ID_MAX;

const idError = (label: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? messages.required(label) : messages.notValid(label);

/** An id in a JSON body: a whole number from 1 to ID_MAX. "<label> is required." / "<label> is not valid.". */
export const idField = (label: string) =>
  z
    .number({ error: idError(label) })
    .int()
    .min(1)
    .max(ID_MAX);

/** An id in a query string (text turned into a number), with the same range and messages. */
export const idQuery = (label: string) =>
  z.coerce
    .number({ error: messages.notValid(label) })
    .int()
    .min(1)
    .max(ID_MAX);

/** A query id that must be given: a missing one reads as unreadable text (NaN) once coerced, so both say "<label> is required.". */
export const requiredIdQuery = (label: string) =>
  z.coerce
    .number({ error: (issue) => (Number.isNaN(issue.input) ? messages.required(label) : messages.notValid(label)) })
    .int()
    .min(1)
    .max(ID_MAX);

/** How an id is written in a path: decimal digits, no sign, no leading zero, no spaces. */
const ID_TEXT = /^[1-9][0-9]*$/;

/**
 * An id in a path. Only plain decimal digits name an id: `Number()` alone would read `0x10` as 16,
 * and `1e1`, ` 1`, `+1` or `01` as ids too, so one object would answer to many spellings. A number
 * is taken as it is (the web app fills paths from numbers). The server answers any path parameter
 * it cannot read as 404, as for an id that names nothing (plugins/error-handler.ts).
 */
export const idParam = z.union([z.number(), z.string().regex(ID_TEXT)]).pipe(z.coerce.number<string | number>().int().min(1).max(ID_MAX));
