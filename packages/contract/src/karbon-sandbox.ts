import { z } from 'zod';
import { KARBON_CLIENT_TYPES } from './karbon.js';

/**
 * What became of a file filed on a client in the sandbox Karbon, as Herd's receipts import sees it:
 * made a receipt, turned away (not a photo or PDF, too large, not what its name says), waiting for
 * Herd's next look, or left alone because the company's settings do not import receipts.
 */
export const KARBON_SANDBOX_FILE_STATES = ['RECEIPT', 'TURNED_AWAY', 'WAITING', 'NOT_IMPORTED'] as const;

export const karbonSandboxNote = z.object({ key: z.string(), date: z.string().nullable(), subject: z.string(), body: z.string() });

export const karbonSandboxWorkItem = z.object({ key: z.string(), title: z.string(), status: z.string(), start_date: z.string().nullable() });

export const karbonSandboxFile = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
  date: z.string(),
  state: z.enum(KARBON_SANDBOX_FILE_STATES),
  /** Why it was turned away. */
  refusal: z.string().nullable(),
});

/** One client company linked to a Karbon client of the sandbox, and what Herd wrote there and what was filed on it. */
export const karbonSandboxClient = z.object({
  client_company: z.number(),
  company_name: z.string(),
  karbon_key: z.string(),
  karbon_type: z.enum(KARBON_CLIENT_TYPES),
  /** The client's name in the sandbox Karbon; null when it is no longer there. */
  karbon_name: z.string().nullable(),
  /** The company's settings (its own, else the firm's) bring the files filed on it in as receipts. */
  import_receipts: z.boolean(),
  /** When Herd's import next looks at this client's files (it looks each minute, a client at most every 15 minutes); null while it does not import. */
  next_look_at: z.string().nullable(),
  notes: z.array(karbonSandboxNote),
  work_items: z.array(karbonSandboxWorkItem),
  files: z.array(karbonSandboxFile),
});

/** The firm's own account in the built-in sandbox Karbon, seen from Herd: only the clients Herd linked. */
export const karbonSandboxView = z.object({
  tenant_key: z.string(),
  account_name: z.string(),
  clients: z.array(karbonSandboxClient),
});
export type KarbonSandboxView = z.infer<typeof karbonSandboxView>;

/** What filing a document answered: the file as the client now lists it, and when Herd looks at it. */
export const karbonSandboxFiled = z.object({ client: karbonSandboxClient, file: karbonSandboxFile });
export type KarbonSandboxFiled = z.infer<typeof karbonSandboxFiled>;
