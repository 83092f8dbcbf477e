import { z } from 'zod';
import { endpoint, pkParams } from '../endpoint.js';
import { qbdConnector, qbdConnectorList, qbdConnectorListQuery, qbdDownloadQwcQuery, qbdPassword, qbdRun, qbdSyncClientBody, qbdUpdateFilePathBody } from '../qbd.js';
import { syncRequestResult } from '../transactions.js';

/** QuickBooks Desktop's path under /api/v1/. */
export const QBD_PATH = 'qbd';
const tags = ['quickbooks-desktop'];

/**
 * Setting up and running QuickBooks Desktop companies. The Web Connector itself talks to Herd's
 * SOAP service (`qbd/qbwc/`, with its WSDL at `?wsdl`), which is not part of this JSON API.
 */
export const qbdEndpoints = {
  /**
   * The QuickBooks Web Connector's SOAP 1.1 service (document/literal, namespace
   * http://developer.intuit.com/): XML in, XML out, a SOAP fault (400) for a call it cannot read.
   * Nobody signs in: the Web Connector proves itself with the company's password, then the run's ticket.
   */
  webConnector: endpoint({
    method: 'POST',
    path: `${QBD_PATH}/qbwc/`,
    tags,
    summary: 'The QuickBooks Web Connector’s SOAP service (XML)',
    responses: { 200: z.string() },
    whileReadOnly: true,
  }),
  /** The service's WSDL (`?wsdl`, as SOAP tools ask for it; any GET of the address answers it). */
  webConnectorWsdl: endpoint({
    method: 'GET',
    path: `${QBD_PATH}/qbwc/`,
    tags,
    summary: 'The WSDL of the QuickBooks Web Connector’s SOAP service',
    responses: { 200: z.string() },
  }),
  /** Text, not JSON: the browser downloads the .qwc file through a plain link (an XML attachment). */
  downloadQwc: endpoint({
    method: 'GET',
    path: `${QBD_PATH}/download-qwc/`,
    tags,
    summary: 'The .qwc file that adds a client company to the Web Connector',
    query: qbdDownloadQwcQuery,
    responses: { 200: z.string() },
  }),
  filePaths: endpoint({
    method: 'GET',
    path: `${QBD_PATH}/get-qwc-file-paths/`,
    tags,
    summary: 'Each QuickBooks Desktop company’s Web Connector set-up: user name, company file, interval, last run',
    query: qbdConnectorListQuery,
    responses: { 200: qbdConnectorList },
  }),
  updateFilePath: endpoint({
    method: 'PATCH',
    path: `${QBD_PATH}/update-file-path/{pk}/`,
    tags,
    summary: 'The company file a client company’s runs must have open, and the Web Connector’s interval',
    params: pkParams,
    body: qbdUpdateFilePathBody,
    responses: { 200: qbdConnector },
  }),
  password: endpoint({
    method: 'POST',
    path: `${QBD_PATH}/password/{pk}/`,
    tags,
    summary: 'A new Web Connector password for a client company (shown once; the old one stops working)',
    params: pkParams,
    responses: { 200: qbdPassword },
  }),
  syncClient: endpoint({
    method: 'POST',
    path: `${QBD_PATH}/sync-client/`,
    tags,
    summary: 'Pull what changed in QuickBooks Desktop at the next Web Connector run',
    body: qbdSyncClientBody,
    responses: { 202: syncRequestResult },
  }),
  /** Only while the QuickBooks Desktop sandbox is on: runs the simulated Web Connector against the sandbox company file. */
  sandboxRun: endpoint({
    method: 'POST',
    path: `${QBD_PATH}/sandbox-run/{pk}/`,
    tags,
    summary: 'Sandbox: run the simulated Web Connector for a client company now',
    params: pkParams,
    responses: { 200: qbdRun },
  }),
};

export type QbdEndpoints = typeof qbdEndpoints;
