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
