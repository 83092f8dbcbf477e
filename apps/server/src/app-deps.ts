import type { QboControl, TwilioState, XeroControl } from '@herd/simulators';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Mailer } from './mail/mailer.js';
import type { StorageDriver } from './modules/platform/stored-files/storage.port.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { LedgerRegistry } from './modules/books/ledger/ledger-adapter.port.js';
import type { BillingContext } from './modules/firm/billing/stripe.port.js';
import type { SmsSender } from './modules/messaging/texts/sms.port.js';
import type { KarbonApi } from './modules/firm/practice-management/karbon.port.js';
import type { FileGrant } from './modules/platform/stored-files/file-grants.port.js';
import type { CountRuleOverrides } from './modules/books/transactions/rule-counter.port.js';
import type { RedeemInvitationLink } from './modules/people/auth/invitation-link.port.js';
import type { ReadProfile } from './modules/people/auth/profile.port.js';
import type { ReceiptIntakePort } from './modules/firm/practice-management/receipt-intake.port.js';
import type { PushSender } from './modules/conversation/push/web-push.port.js';
import type { KarbonSandbox } from './integrations/karbon/http/builtin-sandbox.js';

/** What every route, service and job reaches through `app.deps`; built once in `buildApp`. */
export interface AppDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: StorageDriver;
  jobs: JobQueue;
  /** The only way services reach a ledger. */
  ledgers: LedgerRegistry;
  /** Stripe (or the built-in sandbox), or nothing when billing is off. */
  billing: BillingContext;
  /** Texts MFA codes: Twilio, or the built-in sandbox. */
  sms: SmsSender;
  /** The firm's practice-management system (Karbon's API, or the built-in sandbox Karbon). */
  karbon: KarbonApi;
  /** How a client sees a file through something of another module that holds it (modules/platform/stored-files/file-grants.port.ts). */
  fileGrants: readonly FileGrant[];
  /** Counts the answers a person overrode against the rule that gave them (modules/books/transactions/rule-counter.port.ts). */
  countRuleOverrides: CountRuleOverrides;
  /** Takes up the invitation a copied sign-in link stands for (modules/people/auth/invitation-link.port.ts). */
  redeemInvitationLink: RedeemInvitationLink;
  /** The signed-in person's profile, which a sign-in answers with (modules/people/auth/profile.port.ts). */
  profileOf: ReadProfile;
  /** Takes a file Karbon holds in as a receipt (modules/firm/practice-management/receipt-intake.port.ts). */
  receiptIntake: ReceiptIntakePort;
  /** Pushes to people's devices through their browsers' push services (docs/phone-app.md). */
  push: PushSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The built-in QuickBooks sandbox's controls, when it runs. */
    qboSandbox: QboControl | null;
    /** The built-in Xero sandbox's controls, when it runs. */
    xeroSandbox: XeroControl | null;
    /** The built-in sandbox Karbon, when it runs. */
    karbonSandbox: KarbonSandbox | null;
    /** The built-in Twilio sandbox's messages, when it runs. */
    smsSandbox: TwilioState | null;
  }
}
