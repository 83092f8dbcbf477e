import { z } from 'zod';
import { paginated } from './client-companies.js';
import { idField, idParam } from './ids.js';
import { messages } from './messages.js';

/** A Karbon client: an organization or a contact (a person). */
export const KARBON_CLIENT_TYPES = ['Organization', 'Contact'] as const;
export type KarbonClientType = (typeof KARBON_CLIENT_TYPES)[number];

/** What Karbon lists of a tenant, as Herd reads and keeps it (the work types, statuses and users its settings offer). */
export interface KarbonWorkType {
  key: string;
  name: string;
  /** The primary statuses Karbon lists for the type, as it spells them ("In Progress"). */
  statuses: string[];
  /** The WorkStatusKeys of the secondary statuses the type keeps (one it does not keep is dropped from its work items). */
  secondaryStatusKeys?: string[];
}
export interface KarbonWorkStatus {
  /** What the firm admin picks: "In Progress", or a secondary status as "In Progress - Review" (Karbon's own WorkStatus spelling). */
  name: string;
  /** `Primary` or `Secondary`. */
  type: string;
  /** The work item's PrimaryStatus, in Karbon's enum (Planned, ReadyToStart, InProgress, Waiting, Completed); absent on statuses read by an older Herd. */
  primaryStatus?: string;
  /** A secondary status: the work item's SecondaryStatus (its own name) and its key. */
  secondaryStatus?: string;
  workStatusKey?: string;
}
export interface KarbonUser {
  id: string;
  name: string;
  email: string;
}

/** Who a work item Herd makes is assigned to: the client's assigned team member (else a firm admin), or one Karbon user. */
export const KARBON_ASSIGNEE_RULES = ['ASSIGNED_TEAM_MEMBER', 'FIRM_ADMIN', 'USER'] as const;

/** The Application ID is a GUID; the Access Key a JWT. Pasted from Karbon's Settings → Connected Apps. */
export const karbonInstanceBody = z.object({
  application_id: z
    .string({ error: messages.required('Application ID') })
    .trim()
    .regex(
      /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
      'The Application ID is the 36-character id Karbon shows for the API application.',
    ),
  access_key: z
    .string({ error: messages.required('Access Key') })
    .trim()
    .min(20, 'The Access Key is the long key Karbon shows under Connected Apps (it starts with “eyJ”).')
    .max(4000, messages.tooLong('Access Key', 4000))
    .regex(/^eyJ[\w-]*\.[\w-]*\.[\w-]*$/, 'The Access Key is the long key Karbon shows under Connected Apps (it starts with “eyJ”).'),
});
export type KarbonInstanceBody = z.infer<typeof karbonInstanceBody>;

/** The firm's Karbon account as Herd is connected to it (never the keys themselves). */
export const karbonInstance = z.object({
  tenant_key: z.string(),
  /** Connected to the built-in sandbox Karbon, not a real account. */
  sandbox: z.boolean(),
  connected_at: z.string(),
  /** Karbon's webhook types Herd subscribed to. */
  webhooks: z.array(z.string()),
  /** Events waiting to be written to Karbon, and those that failed (retried with backoff). */
  pending_events: z.number(),
  failed_events: z.number(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});

/** Which Herd events write what to Karbon. */
export const karbonSettings = z.object({
  /** A timeline note on the client when it finishes transactions. */
  note_on_transactions_answered: z.boolean(),
  /** A timeline note on the client when it answers a request. */
  note_on_request_answered: z.boolean(),
  /** A timeline note on the client when it sends receipts. */
  note_on_receipts_arrived: z.boolean(),
  /** A work item for the accountant when the firm sends a request. */
  work_item_on_request_sent: z.boolean(),
  /** A work item for the accountant when transactions of the client could not be published. */
  work_item_on_sync_error: z.boolean(),
  /** A work item for the assigned accountant to call a client whose questions went unanswered through the reminder ladder. */
  work_item_on_call_due: z.boolean().default(true),
  /** The Karbon work type of the work items (one of the account's), or none. */
  work_type: z.string().max(200).nullable(),
  /** The work status they start in (one of the account's), or Karbon's default. */
  work_status: z.string().max(200).nullable(),
  assignee: z.enum(KARBON_ASSIGNEE_RULES),
  /** The Karbon user's email when `assignee` is USER. */
  assignee_email: z.string().email(messages.notValid('Assignee email')).max(254).nullable(),
  /** Photos and PDFs filed on the client in Karbon become the client's receipts in Herd. */
  import_receipts: z.boolean().default(false),
});
export type KarbonSettings = z.infer<typeof karbonSettings>;

export const karbonSettingsView = z.object({ instance: karbonInstance.nullable(), settings: karbonSettings });

/** A client company's own choices: each one null follows the firm's. */
export const karbonClientOverrides = karbonSettings.partial().extend({
  note_on_transactions_answered: z.boolean().nullable().optional(),
  note_on_request_answered: z.boolean().nullable().optional(),
  note_on_receipts_arrived: z.boolean().nullable().optional(),
  work_item_on_request_sent: z.boolean().nullable().optional(),
  work_item_on_sync_error: z.boolean().nullable().optional(),
  work_item_on_call_due: z.boolean().nullable().optional(),
  assignee: z.enum(KARBON_ASSIGNEE_RULES).nullable().optional(),
  import_receipts: z.boolean().nullable().optional(),
});
export const karbonClientSettingsView = z.object({ client_company: z.number(), overrides: karbonClientOverrides, effective: karbonSettings });

/** A Karbon organization or contact, as Herd last read it. */
export const karbonDirectoryEntry = z.object({ key: z.string(), type: z.enum(KARBON_CLIENT_TYPES), name: z.string(), email: z.string().nullable() });
export const karbonDirectoryQuery = z.object({ search: z.string().max(200).optional(), page: z.coerce.number().int().min(1).default(1) });
export const karbonDirectoryPage = paginated(karbonDirectoryEntry);

/** A Herd client company, its Karbon client if mapped, and the likely ones when not. */
export const karbonMappingRow = z.object({
  client_company: z.number(),
  name: z.string(),
  mapping: karbonDirectoryEntry.nullable(),
  suggestions: z.array(karbonDirectoryEntry.extend({ reason: z.enum(['name', 'email']) })),
});
export const karbonMappingList = z.object({ results: z.array(karbonMappingRow) });

const karbonTarget = {
  karbon_key: z
    .string({ error: messages.required('Karbon client') })
    .min(1, messages.required('Karbon client'))
    .max(100),
  karbon_type: z.enum(KARBON_CLIENT_TYPES, { error: messages.notValid('Karbon client type') }),
};
export const karbonMappingCreateBody = z.object({ client_company: idField('Client company'), ...karbonTarget });
/** null unmaps the company. */
export const karbonMappingUpdateBody = z.object({ target: z.object(karbonTarget).nullable() });

export const karbonWorkTypes = z.object({
  work_types: z.array(z.object({ key: z.string(), name: z.string(), statuses: z.array(z.string()) })),
  work_statuses: z.array(z.object({ name: z.string(), type: z.string() })),
  users: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), member: z.boolean() })),
});

export const karbonResyncResult = z.object({ detail: z.string(), count: z.number() });
export const karbonClientParams = z.object({ client_pk: idParam });
export const karbonMappingParams = z.object({ client_company: idParam });
export const karbonWebhookParams = z.object({ token: z.string().min(1).max(200) });
