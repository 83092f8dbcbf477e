import { createHmac } from 'node:crypto';
import { isoSeconds } from './tenant.js';
import type { KarbonActionType, KarbonChange, KarbonWebhookType } from './types.js';

/** §4: the real signing scheme is UNCONFIRMED; this header and encoding are the simulator's choice. */
export const KARBON_SIGNATURE_HEADER = 'x-karbon-signature';

/** `sha256=<hex HMAC-SHA256 of the raw body keyed with the subscription's SigningKey>`. */
export function signKarbonWebhook(body: string, signingKey: string): string {
  return `sha256=${createHmac('sha256', signingKey).update(body).digest('hex')}`;
}

export interface KarbonWebhookSubscription {
  WebhookType: KarbonWebhookType;
  TargetUrl: string;
  SigningKey: string;
  /** Non-2xx answers (or failed connections) in a row; the tenth cancels the subscription. */
  consecutiveFailures: number;
}

export interface KarbonWebhookDelivery {
  tenant: string;
  webhookType: KarbonWebhookType;
  url: string;
  body: string;
  signature: string;
  at: number;
  status?: number;
  error?: string;
}

/** §4: after this many consecutive non-2xx answers the subscription is cancelled. */
export const MAX_CONSECUTIVE_FAILURES = 10;

interface Pending {
  change: KarbonChange;
  action: KarbonActionType;
  timer: NodeJS.Timeout;
}

/**
 * Subscriptions (one per tenant and type) and deliveries. A change opens a window of
 * `coalesceMs` (60 s in Karbon) for its resource; further changes to it inside the window fold
 * into the one delivery, which carries the first action (Inserted stays Inserted), or Deleted if
 * the resource went, and the latest TimeStamp. Retries with backoff are not simulated: each
 * delivery is one POST, and each non-2xx counts toward cancellation.
 */
export class KarbonWebhookDispatcher {
  readonly deliveries: KarbonWebhookDelivery[] = [];
  private readonly subscriptions = new Map<string, Map<KarbonWebhookType, KarbonWebhookSubscription>>();
  private readonly pending = new Map<string, Pending>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly coalesceMs: number,
    private readonly now: () => number,
  ) {}

  list(tenant: string): KarbonWebhookSubscription[] {
    return [...(this.subscriptions.get(tenant)?.values() ?? [])];
  }

  get(tenant: string, type: KarbonWebhookType): KarbonWebhookSubscription | undefined {
    return this.subscriptions.get(tenant)?.get(type);
  }

  subscribe(tenant: string, subscription: Omit<KarbonWebhookSubscription, 'consecutiveFailures'>): KarbonWebhookSubscription {
    const byType = this.subscriptions.get(tenant) ?? new Map<KarbonWebhookType, KarbonWebhookSubscription>();
    const created = { ...subscription, consecutiveFailures: 0 };
    byType.set(subscription.WebhookType, created);
    this.subscriptions.set(tenant, byType);
    return created;
  }

  unsubscribe(tenant: string, type: KarbonWebhookType): boolean {
    return this.subscriptions.get(tenant)?.delete(type) ?? false;
  }

  enqueue(change: KarbonChange): void {
    if (!this.get(change.tenantKey, change.webhookType)) return;
    const id = `${change.tenantKey}/${change.webhookType}/${change.key}`;
    const open = this.pending.get(id);
    if (open) {
      open.change = change;
      if (change.action === 'Deleted') open.action = 'Deleted';
      return;
    }
    const timer = setTimeout(() => this.send(id), this.coalesceMs);
    timer.unref();
    this.pending.set(id, { change, action: change.action, timer });
  }

  /** Sends every open window now and waits for all deliveries; tests await this instead of sleeping. */
  async flush(): Promise<void> {
    for (const id of [...this.pending.keys()]) this.send(id);
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  stop(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  clear(): void {
    this.stop();
    this.subscriptions.clear();
    this.deliveries.length = 0;
  }

  private send(id: string): void {
    const open = this.pending.get(id);
    if (!open) return;
    clearTimeout(open.timer);
    this.pending.delete(id);
    const { change } = open;
    const subscription = this.get(change.tenantKey, change.webhookType);
    if (!subscription) return;
    const body = JSON.stringify({ ResourcePermaKey: change.key, ResourceType: change.resourceType, ActionType: open.action, TimeStamp: isoSeconds(change.at) });
    const delivery: KarbonWebhookDelivery = {
      tenant: change.tenantKey,
      webhookType: change.webhookType,
      url: subscription.TargetUrl,
      body,
      signature: signKarbonWebhook(body, subscription.SigningKey),
      at: this.now(),
    };
    this.deliveries.push(delivery);
    const request = post(delivery)
      .then((outcome) => {
        Object.assign(delivery, outcome);
        this.record(change.tenantKey, subscription, outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300);
      })
      .finally(() => this.inFlight.delete(request));
    this.inFlight.add(request);
  }

  private record(tenant: string, subscription: KarbonWebhookSubscription, ok: boolean): void {
    subscription.consecutiveFailures = ok ? 0 : subscription.consecutiveFailures + 1;
    // Only cancel the subscription that failed, not one made since for the same type.
    if (subscription.consecutiveFailures >= MAX_CONSECUTIVE_FAILURES && this.get(tenant, subscription.WebhookType) === subscription) {
      this.unsubscribe(tenant, subscription.WebhookType);
    }
  }
}

/** One POST; the outcome is returned rather than thrown, as nobody awaits a delivery but tests. */
async function post(delivery: KarbonWebhookDelivery): Promise<{ status?: number; error?: string }> {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [KARBON_SIGNATURE_HEADER]: delivery.signature },
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return { status: response.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
