import type { OpenAPIObject, OperationObject, PathItemObject, ReferenceObject, RequestBodyObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { splitRouteKey } from '../contracts/http.js';
import { ROUTE_SCHEMAS } from '../contracts/route-schemas.generated.js';
import type { JsonSchema, JsonValue, RouteSchemas } from '../contracts/route-schemas.js';
import { API_ROUTES, type RouteKey } from '../contracts/routes.js';

type Method = Lowercase<ReturnType<typeof splitRouteKey>['method']>;

/** `GET /users/:id` under `/api` → the document's `/api/users/{id}`, `get`. */
function operationOf(document: OpenAPIObject, prefix: string, key: RouteKey): OperationObject | undefined {
  const { method, path } = splitRouteKey(key);
  const item: PathItemObject | undefined = document.paths[`${prefix}${path.replace(/:(\w+)/g, '{$1}')}`];
  return item?.[method.toLowerCase() as Method];
}

const isReference = (value: object): value is ReferenceObject => '$ref' in value;

/** Points `$ref`s at renamed components. */
function withRenamedRefs(schema: JsonSchema, renamed: Map<string, string>): JsonSchema {
  if (renamed.size === 0) return schema;
  const renameValue = (value: JsonValue): JsonValue => (Array.isArray(value) ? value.map(renameValue) : value !== null && typeof value === 'object' ? renameIn(value) : value);
  const renameIn = (object: JsonSchema): JsonSchema =>
    Object.fromEntries(
      Object.entries(object).map(([keyword, value]) => {
        const target = keyword === '$ref' && typeof value === 'string' ? renamed.get(value.replace('#/components/schemas/', '')) : undefined;
        return [keyword, target ? `#/components/schemas/${target}` : renameValue(value)];
      }),
    );
  return renameIn(schema);
}

/**
 * Gives every route of the REST contract its schemas from the contract's types (`route-schemas.generated.ts`,
 * `npm run contract:schemas`): the success answer's JSON schema, none for a 204, a binary answer for a raw route
 * (a file, an image or a redirect), and the JSON request body's schema. The shared named types join the
 * document's components; one whose name a Nest-described class already took is renamed `<Name>_contract`.
 */
export function describeContractRoutes(document: OpenAPIObject, prefix: string, schemas: RouteSchemas = ROUTE_SCHEMAS): OpenAPIObject {
  const components: Record<string, SchemaObject | ReferenceObject> = { ...document.components?.schemas };
  const renamed = new Map<string, string>();
  for (const name of Object.keys(schemas.definitions)) if (name in components) renamed.set(name, `${name}_contract`);
  for (const [name, schema] of Object.entries(schemas.definitions)) components[renamed.get(name) ?? name] = withRenamedRefs(schema, renamed);
  document.components = { ...document.components, schemas: components };

  for (const key of Object.keys(API_ROUTES) as RouteKey[]) {
    const operation = operationOf(document, prefix, key);
    if (!operation) continue;
    const spec: { raw?: true; status?: 201 | 204 } = API_ROUTES[key];
    const status = String(spec.status ?? 200);
    const described = operation.responses[status];
    const response: ResponseObject = described && !isReference(described) ? { ...described } : { description: 'Success' };
    const answer = schemas.responses[key];
    if (spec.status === 204) delete response.content;
    else if (spec.raw) {
      response.description = 'Not JSON: a file, an image or a redirect';
      response.content = { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } };
    } else if (answer) response.content = { 'application/json': { schema: withRenamedRefs(answer, renamed) } };
    operation.responses[status] = response;

    const body = schemas.bodies[key];
    if (body) {
      const existing: RequestBodyObject | undefined = operation.requestBody && !isReference(operation.requestBody) ? operation.requestBody : undefined;
      operation.requestBody = { ...existing, required: true, content: { ...existing?.content, 'application/json': { schema: withRenamedRefs(body, renamed) } } };
    }
  }
  return document;
}
