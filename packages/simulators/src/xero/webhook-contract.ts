import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { closeObjectSchemas, readOpenApiDocument } from '../contract-check/openapi-document.js';

let validate: ValidateFunction | undefined;

/**
 * What a webhook payload breaks of Xero's webhooks contract (`xero/xero-webhooks.yaml`, its
 * `WebhookEvent` schema), each as where in the payload and what the rule says; empty when none.
 * Objects are closed as the request checker closes them (a field the contract does not define is
 * named), and formats are not judged, as there: the contract's own example dates carry no zone.
 * The shared checker judges HTTP traffic only and cannot load a document of webhooks alone (it has no
 * `paths`), so the schema is compiled here from the parsed contract.
 */
export function webhookPayloadProblems(payload: unknown): string[] {
  if (!validate) {
    const document = readOpenApiDocument('xero/xero-webhooks.yaml');
    closeObjectSchemas(document);
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(document as object, 'webhooks');
    // The payload schema is also a branch of the credit-note one, so it is closed here, where it is used whole.
    validate = ajv.compile({ $ref: 'webhooks#/components/schemas/WebhookEvent', unevaluatedProperties: false });
  }
  if (validate(payload)) return [];
  return (validate.errors ?? []).map((error) => {
    const where = error.instancePath || '(the whole value)';
    const extra = (error.params as { unevaluatedProperty?: string }).unevaluatedProperty;
    return extra === undefined ? `${where} ${error.message ?? 'is not allowed'}` : `${where} has "${extra}"`;
  });
}
