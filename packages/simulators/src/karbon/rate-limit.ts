const MINUTE_MS = 60_000;

/**
 * §4: at most 120 requests a rolling minute per account per API application. Only admitted calls
 * count, so a client that waits out Retry-After gets in again.
 */
export class KarbonRateLimiter {
  private readonly windows = new Map<string, number[]>();

  constructor(private readonly perMinute: number) {}

  /** Admits a call (undefined) or says how many seconds until the oldest call leaves the window. */
  admit(key: string, now: number): number | undefined {
    const stamps = (this.windows.get(key) ?? []).filter((at) => at > now - MINUTE_MS);
    this.windows.set(key, stamps);
    if (stamps.length >= this.perMinute) return Math.max(1, Math.ceil(((stamps[0] ?? now) + MINUTE_MS - now) / 1000));
    stamps.push(now);
    return undefined;
  }

  reset(): void {
    this.windows.clear();
  }
}
