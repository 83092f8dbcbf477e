import { z } from 'zod';
import { idField, idQuery } from './ids.js';

/** Start or callback of Xero's OAuth: the callback carries `code` and `state` (or `error`); Xero names the organisations afterwards, through its connections. */
export const xeroOAuthQuery = z.object({
  client_company: idQuery('Client company').optional(),
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  scope: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** A consent that named several organisations waits, for a while, for the accountant to place each one. */
export const xeroGrantQuery = z.object({ grant: z.string().min(1, 'This Xero connection has expired. Connect Xero again.').max(100) });

export const xeroOrganisation = z.object({
  tenant_id: z.string(),
  name: z.string(),
  /** The firm's company already connected to this organisation (choosing it refreshes that connection). */
  connected_company: z.number().nullable(),
  /** A company of the firm whose name matches, offered as the one to link. */
  suggested_company: z.number().nullable(),
});

export const xeroPendingGrant = z.object({
  organisations: z.array(xeroOrganisation),
  /** The firm's companies an organisation may be linked to (not connected to a ledger that pulls). */
  companies: z.array(z.object({ pk: z.number(), name: z.string(), connection_kind: z.string() })),
  sandbox: z.boolean(),
  expires_at: z.string(),
});

/** For each organisation ticked: link it to `client_company`, or make a new client company (null). Organisations left out are disconnected. */
export const xeroSelectClientBody = z.object({
  grant: z.string().min(1).max(100),
  choices: z
    .array(z.object({ tenant_id: z.string().min(1).max(100), client_company: idField('Client company').nullable() }))
    .min(1, 'Choose at least one organisation.')
    .max(100),
});

export const xeroSelectClientResult = z.object({
  connected: z.array(z.object({ tenant_id: z.string(), client_company: z.number() })),
});

/** A file Xero holds on a transaction. */
export const xeroAttachment = z.object({
  attachment_id: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  content_length: z.number(),
});
export const xeroAttachmentsResponse = z.object({ attachments: z.array(xeroAttachment) });
