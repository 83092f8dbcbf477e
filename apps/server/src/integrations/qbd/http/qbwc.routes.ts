import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { API_PREFIX, qbdEndpoints as e } from '@herd/contract';
import { serveEndpoint } from '../../../lib/serve-endpoint.js';
import type { ConnectorChannels } from '../../../modules/books/ledger/connector-channel.port.js';
import {
  authenticate,
  closeConnection,
  connectionError,
  getLastError,
  isRunningTicket,
  receiveResponseXML,
  sendRequestXML,
  type ConnectorSessionDeps,
} from '../../../modules/books/web-connector/connector-session.service.js';
import { qbwcFault, qbwcResponse, QbwcEnvelopeError, readQbwcCall, type QbwcCall } from './qbwc-envelope.js';
import { qbwcWsdl } from './qbwc-wsdl.js';

/** A response of 500 transactions runs to about a megabyte of escaped qbXML; this leaves room without inviting abuse. */
const SOAP_BODY_LIMIT = 16 * 1024 * 1024;

/** What Herd tells the Web Connector about itself (free text, shown in its log). */
const SERVER_VERSION = 'Herd 1.0';

const param = (call: QbwcCall, name: string) => call.params[name] ?? '';

/** One SOAP call's answer: what the session service says, put in the method's result. */
const answer = async (deps: ConnectorSessionDeps, call: QbwcCall, address: string): Promise<string | number | string[]> => {
  const ticket = param(call, 'ticket');
  switch (call.method) {
    case 'serverVersion':
      return SERVER_VERSION;
    case 'clientVersion':
      // Every Web Connector version that speaks this service is accepted ("" goes on).
      return '';
    case 'authenticate':
      return authenticate(deps, { userName: param(call, 'strUserName'), password: param(call, 'strPassword'), address });
    case 'sendRequestXML':
      return sendRequestXML(deps, { ticket, companyFile: param(call, 'strCompanyFileName') });
    case 'receiveResponseXML':
      return receiveResponseXML(deps, { ticket, response: param(call, 'response'), hresult: param(call, 'hresult'), message: param(call, 'message') });
    case 'connectionError':
      return connectionError(deps, { ticket, hresult: param(call, 'hresult'), message: param(call, 'message') });
    case 'getLastError':
      return getLastError(deps, ticket);
    case 'closeConnection':
      return closeConnection(deps, ticket);
    default:
      throw new QbwcEnvelopeError(`Herd's Web Connector service has no method “${call.method}”.`);
  }
};

/** Every call but QuickBooks' answer is a few hundred bytes; anything larger is read only for a session under way. */
const SMALL_CALL_BYTES = 64 * 1024;

/**
 * Parsing megabytes of XML holds the event loop for seconds, and this address takes callers who
 * have not signed in: a large body must name a running session's ticket (found by a plain string
 * search near its start, where receiveResponseXML puts it) before it is parsed at all.
 */
const largeBodyAllowed = async (deps: ConnectorSessionDeps, body: string) => {
  const ticket = /<(?:[\w-]+:)?ticket>([^<]{1,200})<\/(?:[\w-]+:)?ticket>/.exec(body.slice(0, 4096))?.[1];
  return ticket !== undefined && isRunningTicket(deps, ticket);
};

/** Answers one SOAP call: the method's result, or a client fault (400) for a call Herd cannot read. */
const serveQbwcCall = async (deps: ConnectorSessionDeps, input: { body: string; address: string }, reply: FastifyReply) => {
  reply.type('text/xml; charset=utf-8');
  try {
    // A document type could declare entities that expand without end: the Web Connector never sends one.
    if (/<!DOCTYPE/i.test(input.body)) throw new QbwcEnvelopeError('A document type declaration is not accepted.');
    if (input.body.length > SMALL_CALL_BYTES && !(await largeBodyAllowed(deps, input.body)))
      throw new QbwcEnvelopeError('A call this large is accepted only with the ticket of a session under way.');
    const call = readQbwcCall(input.body);
    return qbwcResponse(call.method, await answer(deps, call, input.address));
  } catch (err) {
    if (!(err instanceof QbwcEnvelopeError)) throw err;
    reply.code(400);
    return qbwcFault(err.message);
  }
};

/** The WSDL, naming the address the Web Connector posts to. */
const serveWsdl = async (appUrl: string, reply: FastifyReply) => {
  reply.type('text/xml; charset=utf-8');
  return qbwcWsdl(`${appUrl.replace(/\/+$/, '')}${API_PREFIX}/${e.webConnector.path}`);
};

/**
 * The QuickBooks Web Connector's SOAP service (SOAP 1.1, document/literal): POST for the calls,
 * GET (`?wsdl`) for its WSDL. Nobody signs in here: the Web Connector proves itself with the
 * company's user name and password in `authenticate`, and every later call with that run's ticket.
 * A call Herd cannot read is a client fault (400): the caller sent it wrong, Herd did not fail.
 */
export const qbwcRoutes: FastifyPluginAsync<{ connectors: ConnectorChannels }> = async (app, { connectors }) => {
  const deps: ConnectorSessionDeps = { ...app.deps, connectors };
  // The body stays the string the Web Connector sent: SOAP is read by its own parser, not as JSON.
  app.addContentTypeParser(['text/xml', 'application/soap+xml'], { parseAs: 'string', bodyLimit: SOAP_BODY_LIMIT }, (_request, body, done) => done(null, body));
  serveEndpoint(app, e.webConnectorWsdl, (_r, reply) => serveWsdl(app.deps.config.appUrl, reply));
  serveEndpoint(app, e.webConnector, (r, reply) => serveQbwcCall(deps, { body: typeof r.body === 'string' ? r.body : '', address: r.ip }, reply));
};
