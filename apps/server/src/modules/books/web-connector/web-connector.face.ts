/**
 * The web-connector module's published face: what other modules may use of it (readying a new
 * QuickBooks Desktop company for its Web Connector), and all they may use.
 */
export { prepareWebConnector } from './prepare-connector.service.js';
