/** PostgreSQL's SQLSTATE for a unique-constraint violation, from either driver. */
const UNIQUE_VIOLATION = '23505';

const codeOf = (err: unknown): string | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  const own = (err as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  // Drizzle wraps driver errors; the original is the cause.
  return codeOf((err as { cause?: unknown }).cause);
};

export const isUniqueViolation = (err: unknown): boolean => codeOf(err) === UNIQUE_VIOLATION;

/**
 * SQLSTATE class 22, "data exception": a value the database cannot take (a
 * number out of a column's range, text it cannot read as a number or date, a
 * NUL or an untranslatable character). Validation keeps such values out; this
 * is what the error handler recognises if one ever slips past it.
 */
export const isDataException = (err: unknown): boolean => /^22[0-9A-Z]{3}$/.test(codeOf(err) ?? '');

/**
 * Herd's own SQLSTATE, raised by `herd_refuse_unless` (migration 0064): a statement that is a whole change
 * found a part of it could not be made (a row moved meanwhile) and undid itself.
 */
export const REFUSED = 'HR409';

export const isRefusal = (err: unknown): boolean => codeOf(err) === REFUSED;

/** The SQLSTATE of a database error, for the log. */
export const sqlStateOf = (err: unknown): string | undefined => codeOf(err);
