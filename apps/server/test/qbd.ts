import type { AddressInfo } from 'node:net';
import {
  buildSoapRequest,
  createQbdSimulator,
  judgeServiceAnswer,
  judgeWebConnectorCall,
  parseSoapResponse,
  QBWC_NAMESPACE,
  type QbdSimulator,
  type QbdSimulatorOptions,
} from '@herd/simulators';
import { expect } from 'vitest';
import { clientMaker, type TestClient } from './client.js';
import { signedInCast } from './factories.js';
import { createTestApp, TEST_APP_URL, type TestApp } from './harness.js';

/** A Herd app listening on a port of its own (the Web Connector calls it over HTTP), and its address. */
export const startListeningApp = async (): Promise<{ t: TestApp; url: string }> => {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}` };
};

/** A QuickBooks Desktop company made through the API, its Web Connector password, and its .qwc pointed at the listening app. */
export const setUpQbdCompany = async (admin: TestClient, url: string, name = 'Harbor Dental LLC') => {
  const created = await admin.post('accounting/accountant/client-companies/create/', { name, connection_kind: 'QBD' });
  expect(created.statusCode).toBe(201);
  const pk = created.json().pk as number;
  const password = await admin.post(`qbd/password/${pk}/`, {});
  expect(password.statusCode).toBe(200);
  const qwc = await admin.get(`qbd/download-qwc/?client_company=${pk}`);
  expect(qwc.statusCode).toBe(200);
  return { pk, password: password.json().password as string, userName: password.json().user_name as string, qwc: qwc.body.replace(TEST_APP_URL, url) };
};

/** A simulated company file and a Web Connector that runs it against Herd with the company's .qwc and password. */
export const qbdWorld = (setup: { qwc: string; password: string }, options: QbdSimulatorOptions = {}) => {
  const sim: QbdSimulator = createQbdSimulator(options);
  const connector = () => sim.webConnector({ qwc: setup.qwc, password: setup.password });
  return { sim, connector };
};

/**
 * One SOAP call to Herd's Web Connector service, as the Web Connector makes it; its result (an
 * array for authenticate). The call and Herd's answer are held to the Web Connector's WSDL, as the
 * simulated Web Connector's are.
 */
export const soap = async (url: string, method: string, params: [string, string | number][]) => {
  const body = buildSoapRequest(method, params);
  const soapAction = `"${QBWC_NAMESPACE}${method}"`;
  judgeWebConnectorCall(method, body, soapAction);
  const reply = await fetch(`${url}/api/v1/qbd/qbwc/`, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: soapAction }, body });
  expect(reply.status).toBe(200);
  const answer = await reply.text();
  judgeServiceAnswer(method, answer);
  return parseSoapResponse(answer, method, method === 'authenticate');
};

/** A listening app and a signed-in cast of one firm (and an outsider), for the Web Connector's tests. */
export const startQbdApp = async (clientBlock: number) => {
  const { t, url } = await startListeningApp();
  const cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, clientBlock),
  );
  return { t, url, cast };
};
