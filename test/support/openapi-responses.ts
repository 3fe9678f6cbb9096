import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * Checks real HTTP answers against the OpenAPI document (3.0, as @nestjs/swagger writes it): the
 * operation is found by matching the URL's path against the document's path templates, the response
 * by status (exact, then `4XX`-style ranges, then `default`), the media type by the Content-Type, and
 * a JSON body is validated with ajv against the response schema (components resolved).
 *
 * Used by test/contract/openapi.e2e-spec.ts and available to browser tests (record each answer the app gets
 * and check it): a problem means the document and the server disagree.
 *
 * By default an object schema that lists `properties` and says nothing about `additionalProperties`
 * is treated as closed, so that a field the server sends but the document does not describe is
 * reported too ("undocumented property"); `{ undocumentedProperties: false }` turns that off.
 */
export interface ResponseChecker {
  /**
   * @param url the request URL (path and query, or absolute); the document's paths include /api.
   * @param contentType the answer's Content-Type header, if any.
   * @param body the parsed JSON body (supertest's `res.body`, fetch's `await res.json()`), or the text.
   * @returns readable problems; [] when the answer is what the document says.
   */
  check(method: string, url: string, status: number, contentType: string | undefined, body: unknown): string[];
}

export interface ResponseCheckerOptions {
  /** Report properties of a JSON answer that its schema does not list (default true). */
  undocumentedProperties?: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

interface Route {
  template: string;
  pattern: RegExp;
  literals: number;
  operations: Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DOCUMENT_ID = 'openapi-document';
/** Keywords of OpenAPI 3.0 schemas that JSON Schema does not have (or that ajv must not see). */
const OPENAPI_ONLY = ['nullable', 'discriminator', 'example', 'xml', 'externalDocs', 'deprecated'];

/** OpenAPI 3.0 schema → JSON Schema (draft-07, what ajv validates). */
function toJsonSchema(schema: Json, closeObjects: boolean): Json {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, closeObjects));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_ONLY.includes(key)) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = value.startsWith('#/') ? `${DOCUMENT_ID}${value}` : value;
    else if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s, closeObjects)]));
    } else if (key === 'enum' || key === 'required' || key === 'default') out[key] = value;
    else out[key] = toJsonSchema(value, closeObjects);
  }
  if (closeObjects && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // nullable: null is allowed besides what the schema says (also around allOf / $ref, as
  // openapi-typescript reads it: `T | null`).
  return schema.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(body)' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${where}: undocumented property "${String(params.additionalProperty)}"`;
  if (error.keyword === 'enum') return `${where}: ${error.message} (${JSON.stringify(params.allowedValues)})`;
  return `${where}: ${error.message}`;
}

/** Media type of a Content-Type header, lower case, without parameters. */
function mediaTypeOf(contentType: string | undefined): string | undefined {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type ? type : undefined;
}

const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

export function createResponseChecker(document: object, options: ResponseCheckerOptions = {}): ResponseChecker {
  const doc = document as { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, Json> } };
  const closeObjects = options.undocumentedProperties ?? true;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  for (const [name, pattern] of Object.entries(FORMATS)) ajv.addFormat(name, pattern);
  const schemas = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).map(([name, s]) => [name, toJsonSchema(s, closeObjects)]));
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas } });

  // The router matches literal segments first (by-code before {id}), case-insensitively, and
  // ignores a trailing slash; so does this.
  const routes: Route[] = Object.entries(doc.paths ?? {})
    .map(([template, operations]) => {
      const source = template
        .split(/(\{[^}]+\})/)
        .map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      return {
        template,
        pattern: new RegExp(`^${source}/?$`, 'i'),
        literals: template.split('/').filter((s) => s && !s.startsWith('{')).length,
        operations: operations as Route['operations'],
      };
    })
    .sort((a, b) => b.literals - a.literals);

  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Schema): ValidateFunction => {
    let validate = validators.get(key);
    if (!validate) validators.set(key, (validate = ajv.compile(toJsonSchema(schema, closeObjects) as object)));
    return validate;
  };

  return {
    check(method, url, status, contentType, body) {
      const path = new URL(url, 'http://localhost').pathname;
      const verb = method.toLowerCase();
      const label = `${method.toUpperCase()} ${path} → ${status}`;
      const route = routes.find((r) => r.pattern.test(path));
      if (!route) return [`${label}: undocumented path (no path template matches)`];
      const operation = HTTP_METHODS.has(verb) ? route.operations[verb] : undefined;
      if (!operation) return [`${label}: undocumented operation ${method.toUpperCase()} ${route.template}`];
      const where = `${method.toUpperCase()} ${route.template} → ${status}`;
      const responses = operation.responses ?? {};
      const code = String(status);
      const responseKey = [code, `${code[0]}XX`, `${code[0]}xx`, 'default'].find((k) => responses[k]);
      if (!responseKey) return [`${where}: undocumented status (documented: ${Object.keys(responses).join(', ') || 'none'})`];
      const content = responses[responseKey].content;
      const mediaType = mediaTypeOf(contentType);
      const empty = body === undefined || body === null || body === '' || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0 && !mediaType);
      if (!content || Object.keys(content).length === 0) {
        return empty ? [] : [`${where}: the document says no body, the answer has one (${mediaType ?? 'no content type'})`];
      }
      if (!mediaType) return [`${where}: the answer has no Content-Type (documented: ${Object.keys(content).join(', ')})`];
      const documented = Object.keys(content).find((k) => {
        const type = k.toLowerCase();
        return type === mediaType || type === '*/*' || (type.endsWith('/*') && mediaType.startsWith(type.slice(0, -1)));
      });
      if (!documented) return [`${where}: undocumented content type ${mediaType} (documented: ${Object.keys(content).join(', ')})`];
      const schema = content[documented].schema;
      if (!schema || !isJson(mediaType)) return [];
      let value = body;
      if (typeof body === 'string') {
        try {
          value = JSON.parse(body);
        } catch {
          return [`${where}: the body is not JSON`];
        }
      }
      const validate = validatorFor(`${route.template} ${verb} ${responseKey} ${documented}`, schema);
      if (validate(value)) return [];
      return (validate.errors ?? []).map((e) => `${where}: ${describe(e)}`);
    },
  };
}
