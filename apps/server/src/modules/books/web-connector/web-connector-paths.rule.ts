/** The Web Connector's SOAP endpoint under the API prefix (served by the QuickBooks Desktop integration): the .qwc's AppURL. */
export const QBWC_SERVICE_PATH = 'qbd/qbwc/';
