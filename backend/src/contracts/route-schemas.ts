/** The shape of `route-schemas.generated.ts`: the JSON schemas of the REST contract's routes, for the OpenAPI description. */

/** A JSON schema in OpenAPI 3.0's dialect; its `$ref`s point into `#/components/schemas/`. */
export type JsonSchema = { [keyword: string]: JsonValue };
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface RouteSchemas {
  /** Named types the routes' schemas share: the OpenAPI document's `components.schemas`. */
  definitions: Record<string, JsonSchema>;
  /** Each JSON route's success answer, by route key; routes that answer nothing (204) or a file are absent. */
  responses: Record<string, JsonSchema>;
  /** Each route's JSON request body, by route key; routes without a body or with a multipart one are absent. */
  bodies: Record<string, JsonSchema>;
}
