import type { Clock } from './clock.js';

const WINDOW_MS = 60_000;

/** Timestamps of admitted requests, oldest first; a head index avoids shifting the array on every prune. */
class Window {
  private stamps: number[] = [];
  private head = 0;

  count(since: number): number {
    while (this.head < this.stamps.length && (this.stamps[this.head] ?? 0) <= since) this.head++;
    if (this.head > 1024 && this.head * 2 > this.stamps.length) {
      this.stamps = this.stamps.slice(this.head);
      this.head = 0;
    }
    return this.stamps.length - this.head;
  }

  add(at: number): void {
    this.stamps.push(at);
  }
}

/**
 * QBO's throttles per realm (§1.10): requests in a rolling minute and requests in flight at once.
 * Only admitted requests count, so a client that backs off recovers once its old requests age out.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly inFlight = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly perMinute: number,
    private readonly concurrent: number,
  ) {}

  /** True when the request may proceed; the caller must then `release` it when it completes. */
  admit(realmId: string): boolean {
    const now = this.clock.now();
    let window = this.windows.get(realmId);
    if (!window) {
      window = new Window();
      this.windows.set(realmId, window);
    }
    const running = this.inFlight.get(realmId) ?? 0;
    if (window.count(now - WINDOW_MS) >= this.perMinute || running >= this.concurrent) return false;
    window.add(now);
    this.inFlight.set(realmId, running + 1);
    return true;
  }

  release(realmId: string): void {
    this.inFlight.set(realmId, Math.max(0, (this.inFlight.get(realmId) ?? 0) - 1));
  }

  reset(): void {
    this.windows.clear();
    this.inFlight.clear();
  }
}
