import type { KarbonSettings } from '@herd/contract';

/** What a firm starts with: notes on the client's timeline for what clients do, no work items until a work type is chosen. */
export const DEFAULT_KARBON_SETTINGS: KarbonSettings = {
  note_on_transactions_answered: true,
  note_on_request_answered: true,
  note_on_receipts_arrived: false,
  work_item_on_request_sent: false,
  work_item_on_sync_error: false,
  // The ladder's call is the firm's own choice, made per client on its reminder settings.
  work_item_on_call_due: true,
  work_type: null,
  work_status: null,
  assignee: 'ASSIGNED_TEAM_MEMBER',
  assignee_email: null,
  import_receipts: false,
};

/** The firm's settings with a client company's own choices over them (a choice left out or null follows the firm's). */
export const effectiveSettings = (firm: KarbonSettings, overrides: Partial<Record<keyof KarbonSettings, unknown>>): KarbonSettings => {
  // A firm's settings saved before a setting existed take its default.
  const merged: Record<string, unknown> = { ...DEFAULT_KARBON_SETTINGS, ...firm };
  for (const [key, value] of Object.entries(overrides)) if (value !== null && value !== undefined) merged[key] = value;
  return merged as KarbonSettings;
};
