import { openApiContract } from '../contract-check/index.js';

/**
 * What a webhook payload breaks of Xero's webhooks contract (`xero/xero-webhooks.yaml`, its
 * `WebhookEvent` schema), each problem worded as the other checks word theirs; empty when none.
 */
export function webhookPayloadProblems(payload: unknown): string[] {
  return openApiContract('xero/xero-webhooks.yaml').checkSchema('WebhookEvent', payload, 'webhook payload');
}
