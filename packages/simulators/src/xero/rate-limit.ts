import type { Clock } from '../qbo/clock.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Timestamps of admitted calls inside a rolling window, oldest first. */
class Window {
  private stamps: number[] = [];
  private head = 0;

  constructor(private readonly spanMs: number) {}

  count(now: number): number {
    while (this.head < this.stamps.length && (this.stamps[this.head] ?? 0) <= now - this.spanMs) this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
    return this.stamps.length - this.head;
  }

  /** Seconds until the oldest call leaves the window, freeing a slot. */
  retryAfter(now: number): number {
    const oldest = this.stamps[this.head] ?? now;
    return Math.max(1, Math.ceil((oldest + this.spanMs - now) / 1000));
  }

  add(at: number): void {
    this.stamps.push(at);
  }
}

export interface Limits {
  perMinute: number;
  perDay: number;
  concurrent: number;
  appPerMinute: number;
}

/** §2.5: 5 concurrent, 60 a minute and 5,000 a day per tenant; 10,000 a minute for the app. */
export const XERO_LIMITS: Limits = { perMinute: 60, perDay: 5000, concurrent: 5, appPerMinute: 10_000 };

export interface Remaining {
  day: number;
  minute: number;
  appMinute: number;
}

export type Admission =
  { ok: true; remaining: Remaining } | { ok: false; problem: 'Concurrent' | 'Minute' | 'Day' | 'AppMinute'; retryAfter: number; remaining: Remaining };

/**
 * Xero's throttles. Only admitted calls count, so a client that backs off recovers once its old
 * calls age out; the day limit is a rolling 24 hours.
 */
export class XeroRateLimiter {
  private readonly minutes = new Map<string, Window>();
  private readonly days = new Map<string, Window>();
  private readonly inFlight = new Map<string, number>();
  private app = new Window(MINUTE_MS);

  constructor(
    private readonly clock: Clock,
    private readonly limits: Limits,
  ) {}

  admit(tenantId: string): Admission {
    const now = this.clock.now();
    const minute = window(this.minutes, tenantId, MINUTE_MS);
    const day = window(this.days, tenantId, DAY_MS);
    const running = this.inFlight.get(tenantId) ?? 0;
    const remaining = (used: number): Remaining => ({
      day: Math.max(0, this.limits.perDay - day.count(now) - used),
      minute: Math.max(0, this.limits.perMinute - minute.count(now) - used),
      appMinute: Math.max(0, this.limits.appPerMinute - this.app.count(now) - used),
    });
    const left = remaining(0);
    if (left.day === 0) return { ok: false, problem: 'Day', retryAfter: day.retryAfter(now), remaining: left };
    if (left.minute === 0) return { ok: false, problem: 'Minute', retryAfter: minute.retryAfter(now), remaining: left };
    if (left.appMinute === 0) return { ok: false, problem: 'AppMinute', retryAfter: this.app.retryAfter(now), remaining: left };
    if (running >= this.limits.concurrent) return { ok: false, problem: 'Concurrent', retryAfter: 1, remaining: left };
    minute.add(now);
    day.add(now);
    this.app.add(now);
    this.inFlight.set(tenantId, running + 1);
    return { ok: true, remaining: remaining(0) };
  }

  release(tenantId: string): void {
    this.inFlight.set(tenantId, Math.max(0, (this.inFlight.get(tenantId) ?? 0) - 1));
  }

  reset(): void {
    this.minutes.clear();
    this.days.clear();
    this.inFlight.clear();
    this.app = new Window(MINUTE_MS);
  }
}

function window(map: Map<string, Window>, key: string, spanMs: number): Window {
  let found = map.get(key);
  if (!found) {
    found = new Window(spanMs);
    map.set(key, found);
  }
  return found;
}
