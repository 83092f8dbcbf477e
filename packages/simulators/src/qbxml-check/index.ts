/**
 * QuickBooks Desktop's published contracts as rules (derived from Intuit's qbXML 13.0 schema and the
 * Web Connector's WSDL, see contracts/qbxml-13.0/ and contracts/qbwc/), and the judges that hold
 * qbXML documents and the Web Connector's SOAP messages to them.
 */
export { judgeQbxml, judgeQbxmlNodes, type QbxmlJudgement } from './qbxml-validator.js';
export { judgeSoapAnswer, judgeSoapCall } from './soap-check.js';
export { judgeWsdl } from './wsdl-check.js';
export { QBWC_RULES_FILE, QBXML_RULES_FILE } from './rule-files.js';
