/**
 * Every message a simulator saw or sent outside its service's published contract. Under the test
 * runner each one is kept until a test takes it (`takeContractViolations`); the shared test setup
 * fails any test that leaves one behind, so a request Herd builds outside the contract fails the
 * test that sent it, in the contract's own words. Outside tests nothing is kept: a sandbox refuses
 * the request as the service would and logs nothing more.
 */
export interface ContractViolation {
  /** The contract file the rule comes from, e.g. `xero/xero_accounting.yaml`. */
  contract: string;
  /** `request` (what Herd sent) or `response` (what the simulator answered). */
  direction: 'request' | 'response';
  /** `POST /BankTransactions`, or the qbXML message name. */
  message: string;
  /** Each broken rule, with where in the contract it is written. */
  problems: string[];
}

const kept: ContractViolation[] = [];
const keeping = () => Boolean(process.env.VITEST);

export function recordContractViolation(violation: ContractViolation): void {
  if (keeping()) kept.push(violation);
}

/** What was recorded since the last call, emptied: a test that provokes a violation on purpose takes it. */
export function takeContractViolations(): ContractViolation[] {
  return kept.splice(0, kept.length);
}

export function describeViolation({ contract, direction, message, problems }: ContractViolation): string {
  return `${message} (${direction}) is outside ${contract}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
}
