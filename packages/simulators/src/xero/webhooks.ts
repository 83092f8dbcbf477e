import { createHmac, randomBytes } from 'node:crypto';
import { endpointNamed } from './endpoints.js';
import type { ChangeEvent } from './types.js';

/** One event as Xero's webhook payload carries it (§2.6). */
export interface XeroWebhookEvent {
  resourceUrl: string;
  resourceId: string;
  tenantId: string;
  tenantType: 'ORGANISATION';
  eventCategory: 'INVOICE' | 'CONTACT';
  eventType: 'CREATE' | 'UPDATE';
  eventDateUtc: string;
}

export interface XeroWebhookDelivery {
  url: string;
  body: string;
  signature: string;
  status?: number;
  error?: string;
}

export interface IntentCheck {
  signedCorrectly: boolean;
  status?: number;
  /** What the receiver answered; Xero wants nothing. */
  responseBody?: string;
  error?: string;
}

export interface IntentToReceiveResult {
  /** 200 with no body to every good signature and 401 with no body to every bad one. */
  passed: boolean;
  checks: IntentCheck[];
}

export interface XeroWebhookConfig {
  /** The signing key shown in Xero's developer portal; defaults to the simulator's option. */
  key?: string;
  /** Events arriving within this many ms go out in one POST (default 100). */
  debounceMs?: number;
}

/** base64(HMAC-SHA256(webhook key, raw body)), the `x-xero-signature` header. */
export function signXeroWebhook(body: string, key: string): string {
  return createHmac('sha256', key).update(body).digest('base64');
}

/** Xero's `entropy`: random uppercase letters, so no two payloads (and signatures) repeat. */
const entropy = () =>
  randomBytes(15)
    .toString('base64')
    .replace(/[^A-Z]/gi, 'X')
    .toUpperCase()
    .slice(0, 20);

export function buildXeroWebhookBody(events: XeroWebhookEvent[], firstSequence: number): string {
  const lastSequence = events.length === 0 ? firstSequence : firstSequence + events.length - 1;
  return JSON.stringify({ events, firstEventSequence: firstSequence, lastEventSequence: lastSequence, entropy: entropy() });
}

/** Collects invoice and contact changes and POSTs them, signed and batched, to the configured endpoint. */
export class XeroWebhookDispatcher {
  readonly deliveries: XeroWebhookDelivery[] = [];
  private url?: string;
  private key: string;
  private debounceMs = 100;
  private sequence = 1;
  private pending: XeroWebhookEvent[] = [];
  private timer?: NodeJS.Timeout;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly defaultKey: string,
    private readonly resourceBase: () => string,
  ) {
    this.key = defaultKey;
  }

  configure(url: string | undefined, config: XeroWebhookConfig = {}): void {
    this.url = url;
    this.key = config.key ?? this.key;
    this.debounceMs = config.debounceMs ?? this.debounceMs;
  }

  /** Only invoices and contacts have webhooks in Xero; bank transactions and the rest do not. */
  enqueue(change: ChangeEvent): void {
    const category = endpointNamed(change.endpoint)?.webhook;
    if (!this.url || !category) return;
    this.pending.push({
      resourceUrl: `${this.resourceBase()}/api.xro/2.0/${change.endpoint}/${change.id}`,
      resourceId: change.id,
      tenantId: change.tenantId,
      tenantType: 'ORGANISATION',
      eventCategory: category,
      eventType: change.type,
      eventDateUtc: new Date(change.at).toISOString().slice(0, 23),
    });
    this.timer ??= setTimeout(() => this.send(), this.debounceMs);
  }

  /** Sends anything queued now and waits for every delivery in progress; tests await this instead of sleeping. */
  async flush(): Promise<void> {
    this.send();
    await Promise.all([...this.inFlight]);
  }

  /**
   * Xero's Intent to Receive: empty payloads, some signed with the key and some not, in an order
   * the receiver cannot predict. The receiver passes by answering 200 to the good ones and 401 to
   * the bad ones, with no body either way.
   */
  async intentToReceive(rounds = 2): Promise<IntentToReceiveResult> {
    if (!this.url) throw new Error('No webhook URL is configured');
    const checks: IntentCheck[] = [];
    // Each round sends one good and one bad request, which goes first drawn at random.
    const order = Array.from({ length: rounds }, () => ((randomBytes(1)[0] ?? 0) % 2 === 0 ? [true, false] : [false, true])).flat();
    for (const signedCorrectly of order) {
      const body = buildXeroWebhookBody([], 0);
      const signature = signedCorrectly ? signXeroWebhook(body, this.key) : signXeroWebhook(body, `${this.key}-wrong`);
      checks.push({ signedCorrectly, ...(await post(this.url, body, signature)) });
    }
    const passed = checks.every((check) => check.status === (check.signedCorrectly ? 200 : 401) && check.responseBody === '');
    return { passed, checks };
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  clear(): void {
    this.stop();
    this.deliveries.length = 0;
    this.sequence = 1;
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.pending;
    this.pending = [];
    if (!this.url || events.length === 0) return;
    const body = buildXeroWebhookBody(events, this.sequence);
    this.sequence += events.length;
    const delivery: XeroWebhookDelivery = { url: this.url, body, signature: signXeroWebhook(body, this.key) };
    this.deliveries.push(delivery);
    const request = post(delivery.url, body, delivery.signature)
      .then((outcome) => void Object.assign(delivery, { status: outcome.status, error: outcome.error }))
      .finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }
}

/** One POST; the outcome is returned rather than thrown, as nobody awaits a delivery but tests. */
async function post(url: string, body: string, signature: string): Promise<{ status?: number; responseBody?: string; error?: string }> {
  try {
    // Xero gives a receiver 5 seconds to answer.
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xero-signature': signature },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    return { status: response.status, responseBody: await response.text() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
