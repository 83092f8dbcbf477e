/**
 * A rolling one-minute window per realm: QuickBooks allows 500 requests a
 * minute per realm, so we wait for room instead of earning a 429 and its
 * minute-long penalty. It is per process; the 429 handling covers the rest.
 */
export class RateWindow {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly now: () => number = () => Date.now(),
  ) {}

  async take(realmId: string): Promise<void> {
    for (;;) {
      const cutoff = this.now() - 60_000;
      const recent = (this.sent.get(realmId) ?? []).filter((at) => at > cutoff);
      if (recent.length < this.perMinute) {
        recent.push(this.now());
        this.sent.set(realmId, recent);
        return;
      }
      this.sent.set(realmId, recent);
      await this.sleep(recent[0]! - cutoff + 1);
    }
  }
}
