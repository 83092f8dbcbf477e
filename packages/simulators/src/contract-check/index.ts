export { checkTrafficAgainstContract, type ContractHookOptions, type ContractRefusal } from './contract-hook.js';
export { openApiContract, OpenApiContract, type ContractOperation, type HttpRequestMessage } from './openapi-contract.js';
export type { OpenApiDocument } from './openapi-document.js';
export { describeViolation, recordContractViolation, takeContractViolations, type ContractViolation } from './violations.js';
