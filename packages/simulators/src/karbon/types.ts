/** A JSON value as the Karbon API sends and receives it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** Karbon's webhook types (§4); `Contact` covers Contacts, Organizations and ClientGroups. */
export const KARBON_WEBHOOK_TYPES = ['Contact', 'Work', 'Note', 'User', 'Invoice', 'EstimateSummary', 'CustomField', 'IntegrationTask'] as const;
export type KarbonWebhookType = (typeof KARBON_WEBHOOK_TYPES)[number];

/** The OpenAPI's ActionType enum for webhook payloads. */
export type KarbonActionType = 'Inserted' | 'Updated' | 'Deleted';

/** A change to one resource of one tenant, fed to the webhook dispatcher. */
export interface KarbonChange {
  tenantKey: string;
  webhookType: KarbonWebhookType;
  resourceType: string;
  key: string;
  action: KarbonActionType;
  at: number;
}
