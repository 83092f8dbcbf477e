import type { ConnectionKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { sandboxCompaniesLinkedBy } from './sandbox-companies.queries.js';

const SIGNUP_OWNER = 'signup:';

/** The owner key of a firm's sandbox companies. */
export const firmOwner = (firmId: number) => `firm:${firmId}`;

/** The owner key of the companies made for one "Sign up with …" (its signed state's nonce). */
export const signupOwner = (nonce: string) => `${SIGNUP_OWNER}${nonce}`;

/**
 * Whose each company of a ledger sandbox (a Xero organisation, a QuickBooks realm) is: a firm's
 * (`firm:<id>`), or a sign-up's (`signup:<nonce>`) until the firm that sign-up made is seen holding
 * it. Saved with the sandbox, so after a restart each firm is offered the same companies again,
 * those it signed up with included.
 */
export class SandboxOwners {
  private readonly owners: Map<string, string>;

  constructor(saved: Record<string, string> = {}) {
    this.owners = new Map(Object.entries(saved));
  }

  /** Gives an unowned company to `owner`; a company keeps the owner it has. */
  claim(companyId: string, owner: string): void {
    if (!this.owners.has(companyId)) this.owners.set(companyId, owner);
  }

  /** The owner's companies, in the order they became theirs. */
  companiesOf(owner: string): string[] {
    return [...this.owners].filter(([, of]) => of === owner).map(([companyId]) => companyId);
  }

  /**
   * The firm's: every company its client companies are linked to that was made for a sign-up (the
   * sign-up that made this firm, as only it could grant them). Another firm's companies stay theirs.
   */
  async adoptLinked(db: Db, kind: ConnectionKind, firmId: number): Promise<void> {
    for (const companyId of await sandboxCompaniesLinkedBy(db, firmId, kind)) {
      if (this.owners.get(companyId)?.startsWith(SIGNUP_OWNER)) this.owners.set(companyId, firmOwner(firmId));
    }
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.owners);
  }
}
