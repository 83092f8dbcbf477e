import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildSoapResponse, parseSoapRequest, type SoapResult } from './soap-envelope.js';

/** What the stand-in Herd saw of one session. */
export interface ServedSession {
  ticket: string;
  sent: string[];
  received: { response: string; hresult: string; message: string }[];
  hcpResponse: string;
  companyFileName: string;
  connectionError?: string;
  closed: boolean;
}

export interface MinimalHerdOptions {
  userName: string;
  password: string;
  /** qbXML documents handed out in turn, one per sendRequestXML. */
  requests: string[];
  /** Instead of `requests`: the next document from what the session has seen ("" for none). */
  nextRequest?: (session: ServedSession) => string;
  /** Instead of the share of `requests` answered: the percent done after each response. */
  percentDone?: (session: ServedSession) => number;
  /** sendRequestXML answers "" this many times first, with getLastError "NoOp" (data not ready yet). */
  noOpsFirst?: number;
  /** authenticate's second item for a valid user: "" (the open company), "none", or a company file path. */
  companyFile?: string;
}

/**
 * A minimal Herd for testing the Web Connector stand-in end to end: authenticates one user, hands
 * out its qbXML requests, keeps the responses and reports the percent done. Tests only.
 */
export async function startMinimalHerd(options: MinimalHerdOptions): Promise<{ url: string; sessions: ServedSession[]; app: FastifyInstance }> {
  const sessions: ServedSession[] = [];
  let noOpsLeft = options.noOpsFirst ?? 0;
  const lastErrors = new Map<string, string>();
  const app = Fastify();
  app.addContentTypeParser(['text/xml', 'application/soap+xml'], { parseAs: 'string' }, (_request, text, done) => done(null, text));

  const answer = (method: string, params: Record<string, string>): SoapResult => {
    const session = sessions.find((each) => each.ticket === params.ticket);
    switch (method) {
      case 'serverVersion':
        return 'Herd test 1.0';
      case 'clientVersion':
        return '';
      case 'authenticate': {
        if (params.strUserName !== options.userName || params.strPassword !== options.password) return ['', 'nvu'];
        const ticket = randomUUID();
        sessions.push({ ticket, sent: [], received: [], hcpResponse: '', companyFileName: '', closed: false });
        return [ticket, options.companyFile ?? ''];
      }
      case 'sendRequestXML': {
        if (!session) return '';
        if (params.strHCPResponse) session.hcpResponse = params.strHCPResponse;
        session.companyFileName = params.strCompanyFileName ?? '';
        if (noOpsLeft > 0) {
          noOpsLeft -= 1;
          lastErrors.set(session.ticket, 'NoOp');
          return '';
        }
        const next = options.nextRequest ? options.nextRequest(session) : (options.requests[session.sent.length] ?? '');
        if (next) session.sent.push(next);
        return next;
      }
      case 'receiveResponseXML': {
        if (!session) return -1;
        session.received.push({ response: params.response ?? '', hresult: params.hresult ?? '', message: params.message ?? '' });
        if (params.hresult) {
          lastErrors.set(session.ticket, `QuickBooks error ${params.hresult}: ${params.message ?? ''}`);
          return -1;
        }
        return options.percentDone ? options.percentDone(session) : Math.floor((100 * session.sent.length) / options.requests.length);
      }
      case 'getLastError':
        return lastErrors.get(params.ticket ?? '') ?? '';
      case 'connectionError':
        if (session) session.connectionError = `${params.hresult ?? ''} ${params.message ?? ''}`;
        return 'done';
      case 'closeConnection':
        if (session) session.closed = true;
        return 'Complete!';
      default:
        throw new Error(`unknown method ${method}`);
    }
  };

  app.post('/qbwc', async (request, reply) => {
    const { method, params } = parseSoapRequest(request.body as string);
    const soapAction = String(request.headers.soapaction ?? '').replaceAll('"', '');
    if (soapAction !== `http://developer.intuit.com/${method}`) return reply.code(400).send(`SOAPAction ${soapAction} does not name ${method}`);
    return reply.type('text/xml; charset=utf-8').send(buildSoapResponse(method, answer(method, params)));
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${address}/qbwc`, sessions, app };
}
