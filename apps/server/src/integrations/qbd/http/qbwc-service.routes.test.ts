import { judgeWsdl, parseQwcFile } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { qbdWorld, setUpQbdCompany, soap, startQbdApp } from '../../../../test/qbd.js';

/** The SOAP service as the Web Connector sees it, and the set-up endpoints as the accountant and others see them. */
let t: TestApp;
let url: string;
let cast: Awaited<ReturnType<typeof signedInCast>>;

beforeAll(async () => {
  ({ t, url, cast } = await startQbdApp(73));
});
afterAll(async () => t?.close());

const post = (body: string) => fetch(`${url}/api/v1/qbd/qbwc/`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body });

describe('the SOAP service', () => {
  it('serves its WSDL: document/literal, every method with its SOAPAction, at its own address', async () => {
    const reply = await fetch(`${url}/api/v1/qbd/qbwc/?wsdl`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/xml');
    const wsdl = await reply.text();
    expect(wsdl).toContain('targetNamespace="http://developer.intuit.com/"');
    for (const method of ['serverVersion', 'clientVersion', 'authenticate', 'sendRequestXML', 'receiveResponseXML', 'connectionError', 'getLastError', 'closeConnection'])
      expect(wsdl).toContain(`soapAction="http://developer.intuit.com/${method}"`);
    expect(wsdl).toContain('style="document"');
    expect(wsdl).toContain('use="literal"');
    expect(wsdl).toContain('location="http://herd.test/api/v1/qbd/qbwc/"');
    // The same operations, SOAPActions and call and answer elements as Intuit's WSDL (serverVersion takes no parameter).
    expect(judgeWsdl(wsdl)).toEqual([]);
  });

  it('answers the version calls, and an unknown ticket in every call that takes one', async () => {
    expect(await soap(url, 'serverVersion', [])).toMatch(/^Herd/);
    expect(await soap(url, 'clientVersion', [['strVersion', '2.3.0.215']])).toBe('');
    const ticket: [string, string] = ['ticket', 'not-a-ticket'];
    expect(
      await soap(url, 'sendRequestXML', [
        ticket,
        ['strHCPResponse', ''],
        ['strCompanyFileName', 'C:\\a.QBW'],
        ['qbXMLCountry', 'US'],
        ['qbXMLMajorVers', 13],
        ['qbXMLMinorVers', 0],
      ]),
    ).toBe('');
    expect(Number(await soap(url, 'receiveResponseXML', [ticket, ['response', '<QBXML/>'], ['hresult', ''], ['message', '']]))).toBe(-1);
    expect(await soap(url, 'getLastError', [ticket])).toContain('not known to Herd');
    expect(await soap(url, 'connectionError', [ticket, ['hresult', '0x1'], ['message', 'x']])).toBe('done');
    expect(await soap(url, 'closeConnection', [ticket])).toContain('not known to Herd');
  });

  it('refuses what is not a SOAP call with a client fault, and a document type outright', async () => {
    const notXml = await post('{"hello": 1}');
    expect(notXml.status).toBe(400);
    expect(await notXml.text()).toContain('soap:Client');
    const unknown = await post(
      '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><dropTables xmlns="http://developer.intuit.com/"/></soap:Body></soap:Envelope>',
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('dropTables');
    const bomb = await post(
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "xxxxxxxx"><!ENTITY y "&x;&x;&x;&x;">]><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><serverVersion xmlns="http://developer.intuit.com/"><strVersion>&y;</strVersion></serverVersion></soap:Body></soap:Envelope>',
    );
    expect(bomb.status).toBe(400);
  });

  it('refuses a large call without a running session’s ticket before reading it, and reads one with it', async () => {
    const large = (ticket: string) =>
      `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><receiveResponseXML xmlns="http://developer.intuit.com/"><ticket>${ticket}</ticket><response>${'<a>1</a>'.repeat(20_000)}</response><hresult></hresult><message></message></receiveResponseXML></soap:Body></soap:Envelope>`;
    const refused = await post(large('not-a-ticket'));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('ticket of a session under way');
    const setup = await setUpQbdCompany(cast.admin, url, 'Large Co');
    const [ticket] = (await soap(url, 'authenticate', [
      ['strUserName', setup.userName],
      ['strPassword', setup.password],
    ])) as string[];
    const read = await post(large(ticket!));
    expect(read.status).toBe(200);
    await soap(url, 'closeConnection', [['ticket', ticket!]]);
  });

  it('answers "none" to a run right after one that left nothing waiting, and runs again once something waits', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Quiet Co');
    const { connector } = qbdWorld(setup, { transactions: 8 });
    expect((await connector().run()).outcome).toBe('finished');
    expect((await connector().run()).outcome).toBe('none');
    expect((await cast.admin.post('qbd/sync-client/', { client_company: setup.pk })).statusCode).toBe(202);
    expect((await connector().run()).outcome).toBe('finished');
  });

  it('answers "nvu" to the Web Connector of a company disconnected from QuickBooks Desktop', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Leaving Co');
    const disconnected = await cast.admin.post(`accounting/accountant/client-company/${setup.pk}/disconnect/`, {});
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    expect((await qbdWorld(setup).connector().run()).outcome).toBe('nvu');
  });

  it('stops taking the old password once a new one is made', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Rotated Co');
    const renewed = await cast.admin.post(`qbd/password/${setup.pk}/`, {});
    expect(renewed.json().password).not.toBe(setup.password);
    expect((await qbdWorld(setup).connector().run()).outcome).toBe('nvu');
    expect(
      (
        await qbdWorld({ ...setup, password: renewed.json().password as string })
          .connector()
          .run()
      ).outcome,
    ).toBe('finished');
  });
});

describe('setting a company up', () => {
  it('writes the .qwc file with the library, escaping the company’s name, and the interval chosen', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Smith & Sons <East> "Ltd"');
    const qwc = await cast.admin.get(`qbd/download-qwc/?client_company=${setup.pk}&run_every_minutes=15`);
    expect(qwc.headers['content-disposition']).toBe(`attachment; filename="herd-${setup.pk}.qwc"`);
    expect(qwc.body).toContain('Smith &amp; Sons &lt;East&gt;');
    expect(qwc.body).toContain('<AppURL>http://herd.test/api/v1/qbd/qbwc/</AppURL>');
    // The Web Connector takes plain HTTP only from this machine: read as it would be served locally.
    const file = parseQwcFile(qwc.body.replace('http://herd.test', url));
    expect(file).toMatchObject({
      appName: 'Herd - Smith & Sons <East> "Ltd"',
      appUrl: `${url}/api/v1/qbd/qbwc/`,
      userName: setup.userName,
      qbType: 'QBFS',
      runEveryNMinutes: 15,
    });
    expect(file.ownerId).toMatch(/^\{[0-9A-F-]{36}\}$/);
    expect(file.fileId).toMatch(/^\{[0-9A-F-]{36}\}$/);
    expect(qwc.body).toContain('<RunEveryNMinutes>15</RunEveryNMinutes>');
    const [listed] = (await cast.admin.get(`qbd/get-qwc-file-paths/?client_company=${setup.pk}`)).json().results;
    expect(listed).toMatchObject({ run_every_minutes: 15, user_name: setup.userName, last_run: null, company_file_path: null });
  });

  it('takes a company file path ending in .QBW, and refuses anything else in the contract’s words', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Path Co');
    const bad = await cast.admin.patch(`qbd/update-file-path/${setup.pk}/`, { company_file_path: 'C:\\Books\\notes.txt' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('ending in .QBW');
    const interval = await cast.admin.patch(`qbd/update-file-path/${setup.pk}/`, { company_file_path: 'C:\\Books\\Path Co.QBW', run_every_minutes: 0 });
    expect(interval.statusCode).toBe(400);
    const good = await cast.admin.patch(`qbd/update-file-path/${setup.pk}/`, { company_file_path: '  C:\\Books\\Path Co.QBW ', run_every_minutes: 30 });
    expect(good.json()).toMatchObject({ company_file_path: 'C:\\Books\\Path Co.QBW', run_every_minutes: 30 });
    const cleared = await cast.admin.patch(`qbd/update-file-path/${setup.pk}/`, { company_file_path: null });
    expect(cleared.json().company_file_path).toBeNull();
  });

  it('keeps another firm, a client and a company of another kind out (404), and the password to firm admins (403)', async () => {
    const setup = await setUpQbdCompany(cast.admin, url, 'Private Co');
    const outsider = cast.otherFirmAdmin;
    expect((await outsider.get(`qbd/download-qwc/?client_company=${setup.pk}`)).statusCode).toBe(404);
    expect((await outsider.get(`qbd/get-qwc-file-paths/?client_company=${setup.pk}`)).statusCode).toBe(404);
    expect((await outsider.get('qbd/get-qwc-file-paths/')).json().results).toEqual([]);
    expect((await outsider.patch(`qbd/update-file-path/${setup.pk}/`, { company_file_path: null })).statusCode).toBe(404);
    expect((await outsider.post(`qbd/password/${setup.pk}/`, {})).statusCode).toBe(404);
    expect((await outsider.post(`qbd/sandbox-run/${setup.pk}/`, {})).statusCode).toBe(404);
    expect((await outsider.post('qbd/sync-client/', { client_company: setup.pk })).statusCode).toBe(404);
    expect((await cast.client.get(`qbd/get-qwc-file-paths/?client_company=${setup.pk}`)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await cast.teamMember.post(`qbd/password/${setup.pk}/`, {})).statusCode).toBe(403);
    const csv = await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Csv Co', connection_kind: 'CSV' });
    expect((await cast.admin.get(`qbd/download-qwc/?client_company=${csv.json().pk}`)).statusCode).toBe(404);
    expect((await cast.anonymous.get(`qbd/get-qwc-file-paths/`)).statusCode).toBe(401);
  });

  it('runs the simulated Web Connector for a sandbox company from the sandbox button', async () => {
    const created = await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Sandbox Co', connection_kind: 'QBD' });
    const run = await cast.admin.post(`qbd/sandbox-run/${created.json().pk}/`, {});
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ outcome: 'FINISHED', error: null });
    expect(run.json().requests).toBeGreaterThan(3);
    const [listed] = (await cast.admin.get(`qbd/get-qwc-file-paths/?client_company=${created.json().pk}`)).json().results;
    expect(listed.sync).toMatchObject({ sandbox: true, state: 'IDLE' });
    expect(listed.company_file_path).toContain('Sandbox Co (sandbox)');
  });

  it('offers the fields QuickBooks Desktop has: classes and billable, no locations', async () => {
    const created = await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Fields Co', connection_kind: 'QBD' });
    const fields = await cast.admin.get(`accounting/selects/${created.json().pk}/fields/list/`);
    expect(fields.statusCode, fields.body).toBe(200);
    const offered = (fields.json() as { field: string }[]).map((f) => f.field);
    expect(offered).toEqual(expect.arrayContaining(['class', 'billable']));
    expect(offered).not.toContain('location');
  });
});
