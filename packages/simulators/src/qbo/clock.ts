/**
 * The simulator's clock: real time plus an offset tests can advance, so token lifetimes, the
 * rate-limit window and CDC lookback can be exercised without waiting.
 */
export class Clock {
  /** How far the clock runs ahead of real time; a saved simulator keeps it (snapshot.ts). */
  offsetMs = 0;

  constructor(private readonly startMs?: number) {
    if (startMs !== undefined) this.offsetMs = startMs - Date.now();
  }

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = this.startMs === undefined ? 0 : this.startMs - Date.now();
  }
}

/**
 * QBO reports times in the company's zone with an explicit offset (e.g. 2025-06-01T09:30:00-07:00).
 * A fixed Pacific offset keeps output deterministic; clients must compare instants, not strings.
 */
const OFFSET_MS = -7 * 3600_000;
const OFFSET = '-07:00';

export function qboDateTime(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 19) + OFFSET;
}

/** The `time` field of every response carries milliseconds. */
export function qboResponseTime(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 23) + OFFSET;
}

/** A transaction date (YYYY-MM-DD) in the company's zone. */
export function qboDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

export const DAY_MS = 86_400_000;
