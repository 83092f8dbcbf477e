import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { coerceToSchema } from './coerce.js';
import { closeObjectSchemas, readOneOfFormatsAsAnyOf, readOpenApiDocument, type OpenApiDocument, type Schema } from './openapi-document.js';

/** One HTTP message as it crossed the wire, the path relative to the contract's server URL. */
export interface HttpRequestMessage {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body: JSON as an object, a form as its fields, nothing when there was none. */
  body?: unknown;
}

export interface ContractOperation {
  /** `POST /BankTransactions/{BankTransactionID}`: the contract's own path template. */
  label: string;
  method: string;
  template: string;
  pointer: string;
  definition: Schema;
}

interface Located {
  parameter: Schema;
  /** Where the parameter is written in the contract. */
  pointer: string;
}

interface PathMatcher {
  template: string;
  pattern: RegExp;
  literalSegments: number;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');
const lowerKeys = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A service's published OpenAPI document, ready to judge messages: which operation a request is,
 * and whether its parameters, headers, body and the answer given to it are what the document
 * allows. Each problem names the place in the document that states the rule it breaks.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, verbose: true });
  /** Where each schema object sits in the document, to name the rule an error comes from. */
  private readonly pointers = new WeakMap<object, string>();
  private readonly matchers: PathMatcher[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly document: OpenApiDocument;

  /**
   * `prepare` may correct, before anything is compiled, what a contract writes in a form the schema
   * validator cannot read as its authors meant (each use says which element and why).
   */
  constructor(
    readonly file: string,
    prepare?: (document: OpenApiDocument) => void,
  ) {
    this.document = readOpenApiDocument(file);
    prepare?.(this.document);
    readOneOfFormatsAsAnyOf(this.document);
    closeObjectSchemas(this.document);
    this.ajv.addSchema(this.document as object, 'contract');
    locate(this.document, '#', this.pointers);
    // A contract of payloads alone (Xero's webhooks) has schemas and no paths.
    this.document.paths ??= {};
    this.matchers = Object.keys(this.document.paths).map((template) => {
      const segments = template.split('/');
      // A parameter may be a whole segment (`/Accounts/{AccountID}`) or part of one (`/Comments('{CommentKey}')`).
      const pattern = segments
        .map((segment) =>
          segment
            .split(/\{[^}]+\}/)
            .map((text) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
            .join('[^/]+?'),
        )
        .join('/');
      return { template, pattern: new RegExp(`^${pattern}/?$`, 'i'), literalSegments: segments.filter((segment) => segment && !segment.includes('{')).length };
    });
  }

  /** The operation a request names; the path with more fixed segments wins (`/Accounts/{id}/Attachments` over `/Accounts/{id}`). */
  operationFor(method: string, path: string): ContractOperation | undefined {
    const verb = method.toLowerCase();
    const matches = this.matchers.filter((matcher) => matcher.pattern.test(path) && isObject(this.document.paths[matcher.template]?.[verb]));
    const best = matches.sort((a, b) => b.literalSegments - a.literalSegments)[0];
    if (!best) return undefined;
    const pointer = `#/paths/${escapePointer(best.template)}/${verb}`;
    return {
      label: `${method.toUpperCase()} ${best.template}`,
      method: verb,
      template: best.template,
      pointer,
      definition: this.document.paths[best.template]![verb] as Schema,
    };
  }

  /** Every rule of the contract the request breaks: an unknown path, parameters, headers, the body. */
  checkRequest(message: HttpRequestMessage): { operation?: ContractOperation; problems: string[] } {
    const operation = this.operationFor(message.method, message.path);
    if (!operation) {
      const known = Object.keys(this.document.paths).some((template) => this.matchers.find((matcher) => matcher.template === template)?.pattern.test(message.path));
      return {
        problems: [known ? `${message.method.toUpperCase()} is not an operation of ${message.path} (paths)` : `${message.path} is not a path of the contract (paths)`],
      };
    }
    const problems = [...this.checkParameters(operation, message), ...this.checkRequestBody(operation, message)];
    return { operation, problems };
  }

  /** Every rule the answer breaks, for the statuses the contract describes (others are not judged). */
  checkResponse(operation: ContractOperation, status: number, contentType: string | undefined, body: unknown): string[] {
    const responses = (operation.definition.responses ?? {}) as Record<string, Schema>;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((candidate) => candidate in responses);
    if (!key) return [];
    const { node: response, pointer: at } = this.locate(responses[key]!, `${operation.pointer}/responses/${escapePointer(key)}`);
    const content = response.content as Record<string, Schema> | undefined;
    if (!content || body === undefined || body === '') return [];
    const type = mediaType(contentType);
    const mediaKey = Object.keys(content).find((candidate) => candidate.toLowerCase() === type);
    if (!mediaKey) return [`${operation.label} answers ${status} as ${Object.keys(content).join(' or ')}, not ${type ?? 'no content type'} (${at}/content)`];
    if (!isObject(content[mediaKey]!.schema)) return [];
    const pointer = `${at}/content/${escapePointer(mediaKey)}/schema`;
    return this.validate(pointer, body, `${operation.label} answer ${status}`);
  }

  private checkParameters(operation: ContractOperation, message: HttpRequestMessage): string[] {
    const pathPointer = `#/paths/${escapePointer(operation.template)}/parameters`;
    const declared = [
      ...(((this.document.paths[operation.template] as Schema).parameters ?? []) as Schema[]).map((entry, index) => ({ entry, pointer: `${pathPointer}/${index}` })),
      ...((operation.definition.parameters ?? []) as Schema[]).map((entry, index) => ({ entry, pointer: `${operation.pointer}/parameters/${index}` })),
    ];
    const parameters = new Map<string, Located>();
    for (const { entry, pointer } of declared) {
      const parameter = this.resolve(entry);
      const at = typeof entry.$ref === 'string' ? entry.$ref : pointer;
      parameters.set(`${String(parameter.in)}:${String(parameter.name).toLowerCase()}`, { parameter, pointer: at });
    }
    const problems: string[] = [];
    const headers = lowerKeys(message.headers);
    const query = lowerKeys(message.query);
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined) continue;
      const found = parameters.get(`query:${key}`);
      if (!found) {
        problems.push(`query parameter "${key}" is not one of ${operation.label}'s parameters (${operation.pointer}/parameters)`);
        continue;
      }
      problems.push(...this.checkValue(found, value, `query parameter "${key}" of ${operation.label}`));
    }
    for (const located of parameters.values()) {
      const { parameter } = located;
      const name = String(parameter.name);
      const given = parameter.in === 'header' ? headers[name.toLowerCase()] : parameter.in === 'query' ? query[name.toLowerCase()] : undefined;
      if (parameter.required && (parameter.in === 'header' || parameter.in === 'query') && (given === undefined || given === '')) {
        problems.push(`${String(parameter.in)} "${name}" is required by ${operation.label} (${operation.pointer}/parameters)`);
      }
      if (parameter.in === 'header' && given !== undefined) problems.push(...this.checkValue(located, given, `header "${name}" of ${operation.label}`));
    }
    return problems;
  }

  private checkValue({ parameter, pointer }: Located, value: unknown, what: string): string[] {
    if (!isObject(parameter.schema)) return [];
    const coerced = coerceToSchema(value, this.resolve(parameter.schema), (ref) => this.resolve({ $ref: ref }));
    return this.validate(`${pointer}/schema`, coerced, what);
  }

  private checkRequestBody(operation: ContractOperation, message: HttpRequestMessage): string[] {
    const located = isObject(operation.definition.requestBody) ? this.locate(operation.definition.requestBody, `${operation.pointer}/requestBody`) : undefined;
    const requestBody = located?.node;
    const empty = message.body === undefined || message.body === null || message.body === '';
    if (!requestBody) return empty ? [] : [`${operation.label} takes no body (${operation.pointer})`];
    if (empty) return requestBody.required ? [`${operation.label} requires a body (${located!.pointer})`] : [];
    const content = (requestBody.content ?? {}) as Record<string, Schema>;
    const header = lowerKeys(message.headers)['content-type'];
    const type = mediaType(typeof header === 'string' ? header : undefined);
    const mediaKey = Object.keys(content).find((candidate) => candidate.toLowerCase() === type);
    if (!mediaKey) return [`${operation.label} takes ${Object.keys(content).join(' or ')}, not ${type ?? 'a body without a content type'} (${located!.pointer}/content)`];
    const schema = content[mediaKey]!.schema;
    // A file's bytes are whatever the file holds: only their content type is judged. (Xero writes its
    // attachments' raw bodies as `format: byte`, which OpenAPI means for base64 text.)
    if (!isObject(schema) || ['binary', 'byte'].includes(String(this.resolve(schema).format)) || mediaKey === 'application/octet-stream') return [];
    const pointer = `${located!.pointer}/content/${escapePointer(mediaKey)}/schema`;
    const body = mediaKey.includes('form') ? coerceToSchema(message.body, this.resolve(schema), (ref) => this.resolve({ $ref: ref })) : message.body;
    return this.validate(pointer, body, `${operation.label} body`);
  }

  private validate(pointer: string, value: unknown, what: string): string[] {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `contract${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate(value) ? [] : formatErrors(validate.errors, what, pointer, this.pointers);
  }

  /**
   * Judges a value by one of the contract's named schemas (`components/schemas/<name>`): what a service
   * sends outside any HTTP operation, such as a webhook's payload. The value is closed at its top as
   * well (a schema that is also a branch elsewhere is left open there).
   */
  checkSchema(name: string, value: unknown, what = name): string[] {
    const pointer = `#/components/schemas/${escapePointer(name)}`;
    let validate = this.validators.get(`closed:${pointer}`);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `contract${pointer}`, unevaluatedProperties: false });
      this.validators.set(`closed:${pointer}`, validate);
    }
    return validate(value) ? [] : formatErrors(validate.errors, what, pointer, this.pointers);
  }

  /** Follows a local `$ref` as `resolve` does, and says where the definition it reaches is written. */
  private locate(node: Schema, pointer: string): { node: Schema; pointer: string } {
    let current = { node, pointer };
    for (let depth = 0; typeof current.node.$ref === 'string' && depth < 10; depth += 1) {
      const target = this.target(current.node.$ref);
      if (!target) break;
      current = { node: target, pointer: current.node.$ref };
    }
    return current;
  }

  /** Follows a local `$ref` (parameters, bodies, responses and schemas may each be one). */
  private resolve(node: Schema): Schema {
    return this.locate(node, '').node;
  }

  /** What a local `$ref` (`#/components/…`) points at, if it is an object. */
  private target(ref: string): Schema | undefined {
    const path = ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
    let found: unknown = this.document;
    for (const part of path) found = isObject(found) ? found[part] : undefined;
    return isObject(found) ? found : undefined;
  }
}

/** Records the JSON pointer of every object in the document, the first place it is met. */
function locate(node: unknown, pointer: string, into: WeakMap<object, string>): void {
  if (typeof node !== 'object' || node === null || into.has(node)) return;
  into.set(node, pointer);
  for (const [key, child] of Object.entries(node)) locate(child, `${pointer}/${escapePointer(key)}`, into);
}

function mediaType(header: string | undefined): string | undefined {
  return header?.split(';')[0]?.trim().toLowerCase() || undefined;
}

/** ajv's findings in the contract's terms: where in the message, what the rule says, and where the rule is written. */
function formatErrors(errors: ErrorObject[] | null | undefined, what: string, pointer: string, pointers: WeakMap<object, string>): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const error of errors ?? []) {
    const where = error.instancePath || '(the whole value)';
    const parent = isObject(error.parentSchema) ? pointers.get(error.parentSchema) : undefined;
    const rule = parent ? `${parent}/${error.keyword}` : pointer;
    let detail = error.message ?? 'is not allowed';
    if (error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties') {
      const name =
        (error.params as { unevaluatedProperty?: string; additionalProperty?: string }).unevaluatedProperty ??
        (error.params as { additionalProperty?: string }).additionalProperty;
      detail = `has "${name}", which the contract does not define here`;
    } else if (error.keyword === 'enum') {
      detail = `must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
    }
    const line = `${what} ${where} ${detail} (${rule})`;
    if (!seen.has(line)) problems.push(line);
    seen.add(line);
  }
  return problems;
}

const loaded = new Map<string, OpenApiContract>();

/** One instance per contract file for the whole process: each is read, prepared and compiled once. */
export function openApiContract(file: string, prepare?: (document: OpenApiDocument) => void): OpenApiContract {
  let contract = loaded.get(file);
  if (!contract) {
    contract = new OpenApiContract(file, prepare);
    loaded.set(file, contract);
  }
  return contract;
}
