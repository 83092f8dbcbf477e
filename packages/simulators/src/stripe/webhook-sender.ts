import { createHmac } from 'node:crypto';
import type { StripeEvent } from './types.js';

/** Posts a delivery and answers the HTTP status; a thrown error counts as a failed attempt. */
export type DeliverFn = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

export interface WebhookSenderOptions {
  webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_…`), used as-is as the HMAC key. */
  webhookSecret?: string;
  /** Waits before each retry of a failed delivery; its length is the number of retries. Stripe's own spread over three days. */
  retryDelaysMs?: number[];
  deliver?: DeliverFn;
}

export interface DeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  status: number | null;
  error?: string;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, Stripe's `Stripe-Signature` header. */
export const stripeSignatureHeader = (body: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): string =>
  `t=${String(timestampSeconds)},v1=${createHmac('sha256', secret)
    .update(`${String(timestampSeconds)}.${body}`)
    .digest('hex')}`;

const fetchDeliver: DeliverFn = async (url, headers, body) => {
  const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return response.status;
};

const DEFAULT_RETRY_DELAYS_MS = [5_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];

/**
 * Signed webhook deliveries with retries: each event is posted on its own
 * (so, as with Stripe, they may arrive in any order), and a delivery answered
 * with anything but 2xx, or not answered, is tried again after each delay.
 */
export class WebhookSender {
  url: string | null;
  secret: string | null;
  readonly attempts: DeliveryAttempt[] = [];
  private readonly retryDelaysMs: number[];
  private readonly deliverFn: DeliverFn;
  private readonly timers = new Set<NodeJS.Timeout>();
  private inFlight = new Set<Promise<void>>();
  private stopped = false;
  /** While paused, events are recorded but not posted (a test delivers them itself, in the order it wants). */
  paused = false;

  constructor(options: WebhookSenderOptions) {
    this.url = options.webhookUrl ?? null;
    this.secret = options.webhookSecret ?? null;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.deliverFn = options.deliver ?? fetchDeliver;
  }

  get configured(): boolean {
    return this.url !== null && this.secret !== null;
  }

  configure(url: string, secret: string): void {
    this.url = url;
    this.secret = secret;
  }

  enqueue(event: StripeEvent, _createdSeconds: number): void {
    if (!this.configured || this.stopped || this.paused) return;
    this.attempt(event, 1);
  }

  /** Resolves once no delivery is running or waiting for its retry. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.timers.size > 0) {
      if (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private attempt(event: StripeEvent, attempt: number): void {
    const url = this.url;
    const secret = this.secret;
    if (!url || !secret) return;
    const body = JSON.stringify(event, null, 2);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': stripeSignatureHeader(body, secret),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    };
    const run = (async () => {
      const record: DeliveryAttempt = { eventId: event.id, type: event.type, attempt, status: null };
      try {
        record.status = await this.deliverFn(url, headers, body);
      } catch (err) {
        record.error = err instanceof Error ? err.message : String(err);
      }
      this.attempts.push(record);
      const delivered = record.status !== null && record.status >= 200 && record.status < 300;
      const delay = this.retryDelaysMs[attempt - 1];
      if (delivered || delay === undefined || this.stopped) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(event, attempt + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }
}
