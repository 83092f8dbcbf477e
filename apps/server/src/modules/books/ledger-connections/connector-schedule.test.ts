import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { qbdWorld, setUpQbdCompany, startQbdApp } from '../../../../test/qbd.js';

/** One schedule for a QuickBooks Desktop company: the Web Connector's, as the .qwc file sets it, on every screen. */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ t, url, cast } = await startQbdApp(176));
});
afterAll(async () => t?.close());

const clientsListRow = async (pk: number) =>
  ((await cast.admin.get('accounting/accountant/client-companies/list/')).json().results as { pk: number; ledger_sync: { next_sync_at: string | null } }[]).find(
    (c) => c.pk === pk,
  )!;

describe('the next sync of a QuickBooks Desktop company', () => {
  it('is the Web Connector’s next expected run in the clients list, the client and the set-up, never the sweep’s', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Schedule Co');
    // Before its first run nobody knows when the Web Connector comes: no screen names a time.
    expect((await clientsListRow(setup.pk)).ledger_sync.next_sync_at).toBeNull();
    await cast.admin.get(`qbd/download-qwc/?client_company=${setup.pk}&run_every_minutes=20`);
    const { connector } = qbdWorld(setup, { transactions: 3 });
    expect((await connector().run()).outcome).toBe('finished');

    const [listed] = (await cast.admin.get(`qbd/get-qwc-file-paths/?client_company=${setup.pk}`)).json().results;
    const expected = new Date(new Date(listed.last_run.started_at).getTime() + 20 * 60_000).toISOString();
    expect(listed).toMatchObject({ run_every_minutes: 20, next_run_expected_at: expected, sync: { next_sync_at: expected } });
    expect((await clientsListRow(setup.pk)).ledger_sync.next_sync_at).toBe(expected);
    const one = await cast.admin.get(`accounting/accountant/client-company/${setup.pk}/retrieve/`);
    expect(one.json().ledger_sync.next_sync_at).toBe(expected);
  });
});
