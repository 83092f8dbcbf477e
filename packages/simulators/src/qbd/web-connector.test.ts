import { afterEach, describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { QbxmlProcessor } from './qbxml-processor.js';
import { parseQwcFile } from './qwc-file.js';
import { buildSoapRequest, parseSoapRequest, parseSoapResponse, buildSoapResponse } from './soap-envelope.js';
import { qbxmlRequest, responses, rq, seededCompany } from './test-support.js';
import { startMinimalHerd } from './test-soap-server.js';
import { WebConnector } from './web-connector.js';
import { buildXml, child, childrenNamed, leaf, node } from './xml-tree.js';

function qwcFile(appUrl: string): string {
  return buildXml(
    [{ name: 'xml', attrs: { version: '1.0' } }],
    node('QBWCXML', [
      ...leaf('AppName', 'Herd'),
      ...leaf('AppID', ''),
      ...leaf('AppURL', appUrl),
      ...leaf('AppDescription', 'Herd sync'),
      ...leaf('AppSupport', appUrl),
      ...leaf('UserName', 'firm-42'),
      ...leaf('OwnerID', '{90A44FB7-33D9-4815-AC85-AC86A7E7D1EB}'),
      ...leaf('FileID', '{57F3B9B6-86F1-4FCC-B1FF-966DE1813D20}'),
      ...leaf('QBType', 'QBFS'),
      node('Scheduler', leaf('RunEveryNMinutes', 60)),
      ...leaf('IsReadOnly', 'false'),
    ]),
  );
}

const checkQuery = (id: string) => qbxmlRequest([rq('CheckQueryRq', [...leaf('MaxReturned', 5), ...leaf('IncludeLineItems', 'true')], {}, id)]);
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function session(requests: string[], password = 'secret', noOpsFirst = 0, companyFile?: string) {
  const herd = await startMinimalHerd({ userName: 'firm-42', password: 'secret', requests, noOpsFirst, ...(companyFile !== undefined ? { companyFile } : {}) });
  closers.push(() => herd.app.close());
  const processor = new QbxmlProcessor(seededCompany({ transactions: 40 }));
  const connector = new WebConnector({ qwc: qwcFile(herd.url), password, processor });
  return { herd, connector, processor };
}

describe('.qwc file and SOAP envelopes', () => {
  it('reads a .qwc file and refuses plain HTTP to another host', () => {
    const qwc = parseQwcFile(qwcFile('https://herd.example/qbwc'));
    expect(qwc).toMatchObject({
      appUrl: 'https://herd.example/qbwc',
      userName: 'firm-42',
      qbType: 'QBFS',
      ownerId: '{90A44FB7-33D9-4815-AC85-AC86A7E7D1EB}',
      runEveryNMinutes: 60,
    });
    expect(() => parseQwcFile(qwcFile('http://herd.example/qbwc'))).toThrow(/HTTPS/);
  });

  it('carries qbXML as escaped text and ArrayOfString as <string> items', () => {
    const qbxml = checkQuery('1');
    const request = buildSoapRequest('sendRequestXML', [
      ['ticket', 't'],
      ['strHCPResponse', qbxml],
    ]);
    expect(request).toContain('&lt;CheckQueryRq');
    expect(request).toContain('xmlns="http://developer.intuit.com/"');
    expect(parseSoapRequest(request)).toEqual({ method: 'sendRequestXML', params: { ticket: 't', strHCPResponse: qbxml } });
    expect(parseSoapResponse(buildSoapResponse('authenticate', ['abc', 'nvu']), 'authenticate', true)).toEqual(['abc', 'nvu']);
  });
});

describe('WebConnector', () => {
  it('runs a whole session: versions, authenticate, the HCP response, one query answered, close', async () => {
    const { herd, connector } = await session([checkQuery('1')]);
    const run = await connector.run();
    expect(run.outcome).toBe('finished');
    expect(run.closeMessage).toBe('Complete!');
    expect(run.rounds.map((round) => round.method)).toEqual([
      'serverVersion',
      'clientVersion',
      'authenticate',
      'sendRequestXML',
      'receiveResponseXML',
      'closeConnection',
    ]);
    expect(run.rounds.every((round) => round.httpStatus === 200 && round.durationMs >= 0)).toBe(true);
    const [served] = herd.sessions;
    expect(served?.closed).toBe(true);
    expect(responses(served!.hcpResponse).map((each) => each.name)).toEqual(['HostQueryRs', 'CompanyQueryRs']);
    const [answer] = responses(served!.received[0]!.response);
    expect(answer?.attrs.statusCode).toBe('0');
    expect(childrenNamed(answer!, 'CheckRet')).toHaveLength(5);
    expect(child(childrenNamed(answer!, 'CheckRet')[0]!, 'ExpenseLineRet')).toBeDefined();
  });

  it('stops at nvu for a bad password without sending any request', async () => {
    const { herd, connector } = await session([checkQuery('1')], 'wrong');
    const run = await connector.run();
    expect(run.outcome).toBe('nvu');
    expect(run.rounds.map((round) => round.method)).toEqual(['serverVersion', 'clientVersion', 'authenticate']);
    expect(herd.sessions).toHaveLength(0);
  });

  it('ends at none (nothing to do), and opens the company file authenticate names', async () => {
    const idle = await session([checkQuery('1')], 'secret', 0, 'none');
    const idleRun = await idle.connector.run();
    expect(idleRun.outcome).toBe('none');
    expect(idleRun.rounds.map((round) => round.method)).toEqual(['serverVersion', 'clientVersion', 'authenticate']);
    const path = 'C:\\Books\\Client & Co.QBW';
    const named = await session([checkQuery('1')], 'secret', 0, path);
    expect((await named.connector.run()).outcome).toBe('finished');
    expect(named.herd.sessions[0]?.companyFileName).toBe(path);
  });

  it('drops the run after N requests as a closed laptop would: no answer, no close', async () => {
    const { herd, connector } = await session([checkQuery('1'), checkQuery('2'), checkQuery('3')]);
    connector.dropAfterRequests(2);
    const run = await connector.run();
    expect(run.outcome).toBe('dropped');
    expect(run.requestsProcessed).toBe(2);
    expect(herd.sessions[0]).toMatchObject({ closed: false });
    expect(herd.sessions[0]?.sent).toHaveLength(2);
    expect(herd.sessions[0]?.received).toHaveLength(1);
  });

  it('calls connectionError when QuickBooks cannot be opened, then closes', async () => {
    const { herd, connector } = await session([checkQuery('1')]);
    connector.failToOpenCompany();
    const run = await connector.run();
    expect(run.outcome).toBe('connectionError');
    expect(run.rounds.map((round) => round.method).slice(3)).toEqual(['connectionError', 'closeConnection']);
    expect(herd.sessions[0]?.connectionError).toContain('0x80040408');
  });

  it('ends with an error, and no further call, when the endpoint does not answer SOAP', async () => {
    const herd = await startMinimalHerd({ userName: 'firm-42', password: 'secret', requests: [] });
    closers.push(() => herd.app.close());
    const connector = new WebConnector({ qwc: qwcFile(`${herd.url}-missing`), password: 'secret', processor: new QbxmlProcessor(seededCompany()) });
    const run = await connector.run();
    expect(run).toMatchObject({ outcome: 'error', lastError: 'serverVersion: HTTP 404' });
    expect(run.rounds).toHaveLength(1);
  });

  it('pauses on NoOp and asks again', async () => {
    const { connector } = await session([checkQuery('1')], 'secret', 2);
    const run = await connector.run();
    expect(run.outcome).toBe('finished');
    expect(run.rounds.filter((round) => round.method === 'getLastError')).toHaveLength(2);
  });

  it('reports a document QuickBooks cannot parse through hresult, then the server error through getLastError', async () => {
    const badOrder = qbxmlRequest([
      rq('CheckModRq', [node('CheckMod', [...leaf('TxnID', 'X'), ...leaf('EditSequence', '1'), ...leaf('TxnDate', '2026-01-01'), ...leaf('RefNumber', '1')])]),
    ]);
    const { herd, connector } = await session([badOrder]);
    const run = await connector.run();
    expect(run.outcome).toBe('error');
    expect(run.lastError).toContain('0x80040400');
    expect(herd.sessions[0]?.received[0]).toEqual({
      response: '',
      hresult: '0x80040400',
      message: 'QuickBooks found an error when parsing the provided XML text stream.',
    });
    expect(herd.sessions[0]?.closed).toBe(true);
    // The request was outside qbXML 13.0: the stand-in refused it as QuickBooks does, and recorded why.
    const [violation] = takeContractViolations();
    expect(violation).toMatchObject({ contract: 'qbxml-13.0/rules.json', direction: 'request' });
    expect(violation?.problems).toEqual(['CheckModRq/CheckMod: RefNumber must come before TxnDate (qbxml130.xsd, CheckMod)']);
  });
});
