import { QbxmlParseError, type QbxmlProcessor } from './qbxml-processor.js';
import { parseQwcFile, type QwcFile } from './qwc-file.js';
import { buildSoapRequest, parseSoapResponse, QBWC_NAMESPACE } from './soap-envelope.js';
import { qbxmlRequest, hostAndCompanyRequests } from './hcp-request.js';
import { judgeServiceAnswer, judgeWebConnectorCall } from './soap-judging.js';

/** One SOAP call and its answer, as a test or the bench reads them. */
export interface RoundTrip {
  method: string;
  request: string;
  response: string;
  httpStatus: number;
  durationMs: number;
}

export type RunOutcome = 'finished' | 'nvu' | 'none' | 'busy' | 'clientVersionRejected' | 'dropped' | 'connectionError' | 'error';

export interface WebConnectorRun {
  outcome: RunOutcome;
  ticket: string;
  /** sendRequestXML answers that carried qbXML. */
  requestsProcessed: number;
  lastError?: string;
  closeMessage?: string;
  rounds: RoundTrip[];
}

export interface WebConnectorOptions {
  /** The .qwc file's content, as the user loaded it. */
  qwc: string;
  /** What the user typed into QBWC's password box. */
  password: string;
  /** The company QuickBooks has open. */
  processor: QbxmlProcessor;
  /** QBWC's version as sent to clientVersion (default 2.3.0.215). */
  clientVersion?: string;
  /** QBWC pauses about 5 s after "NoOp"; tests pass 0 (the default here). */
  noOpPauseMs?: number;
  /** Stops a run that never finishes (default 10,000 sendRequestXML calls). */
  maxRequests?: number;
  /** How long one SOAP call may take before the run fails (default 30 s). */
  callTimeoutMs?: number;
  companyFilePath?: string;
}

/**
 * Stands in for the QuickBooks Web Connector: runs one session against the .qwc file's AppURL as
 * QBWC does (INTEGRATIONS.md §3.1) and hands each qbXML request to the simulated company.
 * Controls: `dropAfterRequests(n)` ends the run without another call after the nth request, as a
 * closed laptop would; `failToOpenCompany()` makes QuickBooks unreachable, so QBWC calls connectionError.
 */
export class WebConnector {
  readonly qwc: QwcFile;
  readonly rounds: RoundTrip[] = [];
  private dropAfter: number | undefined;
  private openFailure: { hresult: string; message: string } | undefined;

  constructor(private readonly options: WebConnectorOptions) {
    this.qwc = parseQwcFile(options.qwc);
  }

  dropAfterRequests(count: number): void {
    this.dropAfter = count;
  }

  failToOpenCompany(hresult = '0x80040408', message = 'Could not start QuickBooks.'): void {
    this.openFailure = { hresult, message };
  }

  /**
   * Runs one session. A transport failure (no answer in time, an HTTP error, a SOAP fault, a body
   * that is not SOAP) ends it as QBWC does, with outcome 'error' and no further call.
   */
  async run(): Promise<WebConnectorRun> {
    const rounds: RoundTrip[] = [];
    try {
      return await this.session(rounds);
    } catch (error) {
      this.options.processor.endSession();
      return { outcome: 'error', ticket: '', requestsProcessed: 0, rounds, lastError: error instanceof Error ? error.message : String(error) };
    }
  }

  private async session(rounds: RoundTrip[]): Promise<WebConnectorRun> {
    const call = async (method: string, params: [string, string | number][], asArray = false) => this.call(rounds, method, params, asArray);
    const finish = (outcome: RunOutcome, ticket: string, extra: Partial<WebConnectorRun> = {}): WebConnectorRun => {
      this.options.processor.endSession();
      return { outcome, ticket, requestsProcessed: 0, rounds, ...extra };
    };

    // Intuit's WSDL gives serverVersion no parameters.
    await call('serverVersion', []);
    const versionAnswer = String(await call('clientVersion', [['strVersion', this.options.clientVersion ?? '2.3.0.215']]));
    if (versionAnswer.startsWith('E:') || versionAnswer.startsWith('O:')) return finish('clientVersionRejected', '', { lastError: versionAnswer });

    const [ticket = '', status = ''] = (await call(
      'authenticate',
      [
        ['strUserName', this.qwc.userName],
        ['strPassword', this.options.password],
      ],
      true,
    )) as string[];
    // nvu, none and busy end the run without closeConnection (QBWC's exact calls there are UNCONFIRMED).
    if (status === 'nvu' || status === 'none' || status === 'busy') return finish(status, ticket);

    const companyFile =
      status !== ''
        ? status
        : (this.options.companyFilePath ?? `C:\\Users\\Public\\Documents\\Intuit\\QuickBooks\\Company Files\\${this.options.processor.company.name}.QBW`);
    if (this.openFailure) {
      await call('connectionError', [
        ['ticket', ticket],
        ['hresult', this.openFailure.hresult],
        ['message', this.openFailure.message],
      ]);
      const closeMessage = String(await call('closeConnection', [['ticket', ticket]]));
      return finish('connectionError', ticket, { closeMessage });
    }

    const loop = await this.exchange(call, ticket, companyFile);
    if (loop.outcome === 'dropped') return finish('dropped', ticket, { requestsProcessed: loop.requestsProcessed });
    const closeMessage = String(await call('closeConnection', [['ticket', ticket]]));
    return finish(loop.outcome, ticket, { ...loop, closeMessage });
  }

  /** The sendRequestXML → receiveResponseXML loop, with getLastError after "" or a negative percent. */
  private async exchange(
    call: (method: string, params: [string, string | number][]) => Promise<string | string[]>,
    ticket: string,
    companyFile: string,
  ): Promise<{ outcome: RunOutcome; requestsProcessed: number; lastError?: string }> {
    const processor = this.options.processor;
    let requestsProcessed = 0;
    let hostResponse = processor.process(qbxmlRequest(hostAndCompanyRequests()));
    for (let calls = 0; calls < (this.options.maxRequests ?? 10_000); calls++) {
      const qbxml = String(
        await call('sendRequestXML', [
          ['ticket', ticket],
          ['strHCPResponse', hostResponse],
          ['strCompanyFileName', companyFile],
          ['qbXMLCountry', 'US'],
          ['qbXMLMajorVers', 13],
          ['qbXMLMinorVers', 0],
        ]),
      );
      hostResponse = '';
      if (qbxml === '') {
        const lastError = await this.lastError(call, ticket);
        if (lastError === 'NoOp') continue;
        return { outcome: 'error', requestsProcessed, lastError };
      }
      let response = '';
      let hresult = '';
      let message = '';
      try {
        response = processor.process(qbxml);
      } catch (error) {
        if (!(error instanceof QbxmlParseError)) throw error;
        hresult = error.hresult;
        message = error.message;
      }
      requestsProcessed += 1;
      if (this.dropAfter !== undefined && requestsProcessed >= this.dropAfter) return { outcome: 'dropped', requestsProcessed };
      const percent = Number(
        await call('receiveResponseXML', [
          ['ticket', ticket],
          ['response', response],
          ['hresult', hresult],
          ['message', message],
        ]),
      );
      if (percent >= 100) return { outcome: 'finished', requestsProcessed };
      if (percent < 0 || Number.isNaN(percent)) {
        const lastError = await this.lastError(call, ticket);
        if (lastError !== 'NoOp') return { outcome: 'error', requestsProcessed, lastError };
      }
    }
    return { outcome: 'error', requestsProcessed, lastError: 'the run passed maxRequests' };
  }

  private async lastError(call: (method: string, params: [string, string | number][]) => Promise<string | string[]>, ticket: string): Promise<string> {
    const lastError = String(await call('getLastError', [['ticket', ticket]]));
    if (lastError === 'NoOp') await new Promise((resolve) => setTimeout(resolve, this.options.noOpPauseMs ?? 0));
    return lastError;
  }

  private async call(rounds: RoundTrip[], method: string, params: [string, string | number][], asArray: boolean): Promise<string | string[]> {
    const request = buildSoapRequest(method, params);
    const soapAction = `"${QBWC_NAMESPACE}${method}"`;
    judgeWebConnectorCall(method, request, soapAction);
    const started = performance.now();
    const reply = await fetch(this.qwc.appUrl, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: soapAction },
      body: request,
      signal: AbortSignal.timeout(this.options.callTimeoutMs ?? 30_000),
    });
    const response = await reply.text();
    if (/xml/.test(reply.headers.get('content-type') ?? '')) judgeServiceAnswer(method, response);
    const round = { method, request, response, httpStatus: reply.status, durationMs: performance.now() - started };
    rounds.push(round);
    this.rounds.push(round);
    if (!reply.ok) throw new Error(`${method}: HTTP ${reply.status}`);
    return parseSoapResponse(response, method, asArray);
  }
}
