/**
 * Xero's JSON carries instants in the Microsoft JSON date format, `/Date(1518685950940+0000)/`,
 * and calendar dates both that way (midnight UTC) and as `DateString` (`2018-02-15T00:00:00`).
 */
export const DAY_MS = 86_400_000;

export function msDate(ms: number): string {
  return `/Date(${ms}+0000)/`;
}

/** YYYY-MM-DD of an instant, in UTC (organisations are modelled in UTC). */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A date a client sent: `2026-05-01`, `2026-05-01T00:00:00`, or `/Date(ms+0000)/`. Returns
 * YYYY-MM-DD, or undefined when it is not a date.
 */
export function parseDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(value)?.[1];
  if (ms !== undefined) return isoDay(Number(ms));
  const day = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+Z?)?$/.exec(value)?.[1];
  return day !== undefined && !Number.isNaN(Date.parse(day)) ? day : undefined;
}

/** Milliseconds of a YYYY-MM-DD day at midnight UTC. */
export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/**
 * The If-Modified-Since header. Xero documents `yyyy-mm-ddThh:mm:ss` in UTC; HTTP clients send
 * RFC 1123 dates. A value without a zone is read as UTC.
 */
export function parseModifiedSince(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2}|GMT|UTC)$/i.test(header.trim());
  const ms = Date.parse(zoned ? header : `${header.trim()}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The identity API's timestamps: ISO 8601 in UTC without the zone letter, e.g. `2026-05-01T09:30:00.1234567`. */
export function msIso(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23);
}
