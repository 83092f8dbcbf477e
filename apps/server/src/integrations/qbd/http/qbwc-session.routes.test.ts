import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerConnections, transactions, webConnectorLogins, webConnectorRuns } from '../../../db/schema/index.js';
import type { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { qbdWorld, setUpQbdCompany, soap, startQbdApp } from '../../../../test/qbd.js';

let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ t, url, cast } = await startQbdApp(71));
});
afterAll(async () => t?.close());

const runsOf = (pk: number) => t.db.select().from(webConnectorRuns).where(eq(webConnectorRuns.clientCompanyId, pk));
const rowsOf = (pk: number) => t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk));

describe('a Web Connector run through the SOAP service', () => {
  it('pulls the company file on the first run, ties the company to that file, and ends the run finished', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Pull Co');
    const { sim, connector } = qbdWorld(setup, { transactions: 60, watchedShare: 0.5 });
    const run = await connector().run();
    expect(run.outcome).toBe('finished');
    expect(run.requestsProcessed).toBeGreaterThan(3);
    const [finished] = await runsOf(setup.pk);
    expect(finished).toMatchObject({ outcome: 'FINISHED', lastError: null, requests: run.requestsProcessed });
    const [login] = await t.db.select().from(webConnectorLogins).where(eq(webConnectorLogins.clientCompanyId, setup.pk));
    expect(login!.companyFilePath).toMatch(/Sample Company\.QBW$|\.QBW$/);
    const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, setup.pk));
    expect(connection).toMatchObject({ syncState: 'IDLE', pullMode: 'INCREMENTAL', pullProgress: null });
    const rows = await rowsOf(setup.pk);
    expect(rows.length).toBeGreaterThan(0);
    // Every row is a transaction of the company file, by its TxnID.
    const txnIds = new Set(sim.transactions().map((txn) => txn.txnId));
    expect(rows.every((row) => txnIds.has(row.externalId))).toBe(true);
  });

  it('refuses a wrong password with "nvu" and opens no run', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Wrong Password Co');
    const { connector } = qbdWorld({ ...setup, password: `${setup.password}x` });
    const run = await connector().run();
    expect(run.outcome).toBe('nvu');
    expect(await runsOf(setup.pk)).toEqual([]);
  });

  it('tells the Web Connector which company file to open, and refuses a session with another one open', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Wrong File Co');
    const set = await cast.admin.patch(`qbd/update-file-path/${setup.pk}/`, { company_file_path: 'C:\\Books\\Wrong File Co.QBW' });
    expect(set.statusCode).toBe(200);
    const [ticket, expected] = (await soap(url, 'authenticate', [
      ['strUserName', setup.userName],
      ['strPassword', setup.password],
    ])) as string[];
    expect(expected).toBe('C:\\Books\\Wrong File Co.QBW');
    const request = await soap(url, 'sendRequestXML', [
      ['ticket', ticket!],
      ['strHCPResponse', ''],
      ['strCompanyFileName', 'c:/books/SOMEONE ELSE.qbw'],
      ['qbXMLCountry', 'US'],
      ['qbXMLMajorVers', 13],
      ['qbXMLMinorVers', 0],
    ]);
    expect(request).toBe('');
    const lastError = String(await soap(url, 'getLastError', [['ticket', ticket!]]));
    expect(lastError).toContain('SOMEONE ELSE.qbw');
    expect(lastError).toContain('Wrong File Co.QBW');
    const [refused] = await runsOf(setup.pk);
    expect(refused).toMatchObject({ outcome: 'WRONG_FILE' });
    expect(await rowsOf(setup.pk)).toEqual([]);
  });
});
