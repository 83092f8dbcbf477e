import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboSimulator } from '@herd/simulators';
import { clientCompanies, ledgerConnections } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { companyFromRedirect, connectQbo, openSealed, startQboWorld } from '../../../../test/qbo.js';

let sim: QboSimulator;
let t: TestApp;

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 5 }, { transactions: 5 }]));
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('disconnecting every client company of a firm', () => {
  it('revokes each QuickBooks grant at Intuit and forgets the tokens, as a single disconnect does', async () => {
    const cast = await signedInCast(
      t.db,
      clientMaker(() => t.app, 48),
    );
    const pks: number[] = [];
    for (const company of sim.companies()) pks.push(companyFromRedirect((await connectQbo(sim, cast.admin, company.realmId)).headers.location as string));
    await t.runJobs();
    const refreshTokens = [];
    for (const pk of pks) {
      const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk));
      refreshTokens.push(openSealed(t, connection!.refreshTokenEnc!));
    }

    const res = await cast.admin.post('accounting/accountant/disconnect-all/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ disconnected: 3 }); // both QuickBooks companies and the cast's own client company

    for (const token of refreshTokens) expect(sim.revokedTokens).toContain(token);
    for (const pk of pks) {
      const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, pk));
      expect(company!.connectionState).toBe('DISCONNECTED');
      const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk));
      expect(connection).toMatchObject({ accessTokenEnc: null, refreshTokenEnc: null, accessExpiresAt: null, refreshExpiresAt: null });
    }
  });
});
