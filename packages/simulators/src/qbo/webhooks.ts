import { createHmac, randomUUID } from 'node:crypto';
import type { ChangeEvent } from './types.js';

export type WebhookFormat = 'legacy' | 'cloudevents';

/** An event as a test may describe it to `buildWebhook`; store changes use the same shape. */
export interface WebhookEvent {
  realmId: string;
  entity: string;
  id: string;
  operation: ChangeEvent['operation'] | 'Merge' | 'Void' | 'Emailed';
  lastUpdated: string;
  /** For merges: the id that was merged away. */
  deletedId?: string;
}

export interface SignedWebhook {
  body: string;
  signature: string;
  headers: Record<string, string>;
}

export interface WebhookDelivery {
  url: string;
  body: string;
  signature: string;
  status?: number;
  error?: string;
}

const PAST_TENSE: Record<WebhookEvent['operation'], string> = {
  Create: 'created',
  Update: 'updated',
  Delete: 'deleted',
  Merge: 'merged',
  Void: 'voided',
  Emailed: 'emailed',
};

/** base64(HMAC-SHA256(verifier token, raw body)), the `intuit-signature` header. */
export function signWebhook(body: string, verifierToken: string): string {
  return createHmac('sha256', verifierToken).update(body).digest('base64');
}

export function buildWebhookBody(format: WebhookFormat, events: readonly WebhookEvent[]): string {
  if (format === 'cloudevents') {
    return JSON.stringify(
      events.map((event) => ({
        specversion: '1.0',
        id: randomUUID(),
        source: 'intuit.qbo.simulator',
        type: `qbo.${event.entity.toLowerCase()}.${PAST_TENSE[event.operation]}.v1`,
        datacontenttype: 'application/json',
        time: new Date(Date.parse(event.lastUpdated)).toISOString(),
        intuitentityid: event.id,
        intuitaccountid: event.realmId,
        data: event.deletedId === undefined ? {} : { deletedid: event.deletedId },
      })),
    );
  }
  // The legacy format groups a delivery's entities under one notification per company.
  const byRealm = new Map<string, WebhookEvent[]>();
  for (const event of events) byRealm.set(event.realmId, [...(byRealm.get(event.realmId) ?? []), event]);
  return JSON.stringify({
    eventNotifications: [...byRealm].map(([realmId, realmEvents]) => ({
      realmId,
      dataChangeEvent: {
        entities: realmEvents.map((event) => ({
          name: event.entity,
          id: event.id,
          operation: event.operation,
          lastUpdated: new Date(Date.parse(event.lastUpdated)).toISOString(),
          ...(event.deletedId === undefined ? {} : { deletedId: event.deletedId }),
        })),
      },
    })),
  });
}

export function buildSignedWebhook(format: WebhookFormat, events: readonly WebhookEvent[], verifierToken: string): SignedWebhook {
  const body = buildWebhookBody(format, events);
  const signature = signWebhook(body, verifierToken);
  return { body, signature, headers: { 'content-type': 'application/json', 'intuit-signature': signature } };
}

export interface WebhookConfig {
  format?: WebhookFormat;
  /** Events arriving within this many ms go out in one POST (default 100). */
  debounceMs?: number;
}

/** Collects change events and POSTs them, signed and batched, to the configured endpoint. */
export class WebhookDispatcher {
  readonly deliveries: WebhookDelivery[] = [];
  private url?: string;
  private format: WebhookFormat = 'legacy';
  private debounceMs = 100;
  private pending: WebhookEvent[] = [];
  private timer?: NodeJS.Timeout;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly verifierToken: string) {}

  configure(url: string | undefined, config: WebhookConfig = {}): void {
    this.url = url;
    this.format = config.format ?? this.format;
    this.debounceMs = config.debounceMs ?? this.debounceMs;
  }

  enqueue(event: ChangeEvent): void {
    if (!this.url) return;
    this.pending.push(event);
    this.timer ??= setTimeout(() => this.send(), this.debounceMs);
  }

  /** Sends anything queued now and waits for every delivery in progress; tests await this instead of sleeping. */
  async flush(): Promise<void> {
    this.send();
    await Promise.all([...this.inFlight]);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
  }

  clear(): void {
    this.stop();
    this.deliveries.length = 0;
  }

  private send(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.pending;
    this.pending = [];
    if (!this.url || events.length === 0) return;
    const { body, signature, headers } = buildSignedWebhook(this.format, events, this.verifierToken);
    const delivery: WebhookDelivery = { url: this.url, body, signature };
    this.deliveries.push(delivery);
    const request = deliver(delivery, headers).finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }
}

/** One POST; the outcome is recorded on the delivery rather than thrown, as nobody awaits it but tests. */
async function deliver(delivery: WebhookDelivery, headers: Record<string, string>): Promise<void> {
  try {
    const response = await fetch(delivery.url, { method: 'POST', headers, body: delivery.body, signal: AbortSignal.timeout(10_000) });
    delivery.status = response.status;
    await response.arrayBuffer();
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error);
  }
}
