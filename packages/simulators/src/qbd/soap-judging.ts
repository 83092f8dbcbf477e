import { recordContractViolation } from '../contract-check/index.js';
import { judgeSoapAnswer, judgeSoapCall, QBWC_RULES_FILE } from '../qbxml-check/index.js';

/*
 * Both sides of the Web Connector's SOAP held to the rules derived from its WSDL: each call the
 * simulated Web Connector makes (the simulator would be wrong) and each answer the service gives
 * (Herd would be wrong). Nothing is refused here (the Web Connector is the caller); what strays is
 * recorded, so the test that caused it fails.
 */

/**
 * Only under the test runner, the one place a recorded violation is kept: a receiveResponseXML
 * call carries a megabyte of qbXML, and the sandbox and the benchmark would read it again for nothing.
 */
const judging = () => Boolean(process.env.VITEST);

export function judgeWebConnectorCall(method: string, body: string, soapAction: string): void {
  if (!judging()) return;
  const { problems } = judgeSoapCall(body, soapAction);
  if (problems.length > 0)
    recordContractViolation({ contract: QBWC_RULES_FILE, direction: 'request', message: `${method} (the simulated Web Connector's call)`, problems });
}

export function judgeServiceAnswer(method: string, body: string): void {
  if (!judging()) return;
  const problems = judgeSoapAnswer(method, body);
  if (problems.length > 0) recordContractViolation({ contract: QBWC_RULES_FILE, direction: 'response', message: `${method} (the service's answer)`, problems });
}
