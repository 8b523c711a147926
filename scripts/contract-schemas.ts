/**
 * Builds the JSON schemas of the REST contract's routes (each route's response, and its request body when it is
 * JSON) from the contract's types, for the OpenAPI description, and writes them to
 * `backend/src/contracts/route-schemas.generated.ts`. Run with `npm run contract:schemas` after changing a route
 * or a type it answers; `route-schemas.spec.ts` fails while the committed file is stale.
 *
 * ts-json-schema-generator reads type syntax and cannot follow the route tables (`typeof ROUTE_TABLES`), so the
 * TypeScript checker first resolves each route's response and body to a type it can print
 * (`import("./api.js").Page<import("./audit.js").AuditLogEntryDto>`), and the generator then reads those.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createFormatter, createParser, DEFAULT_CONFIG, SchemaGenerator, type CompletedConfig, type Definition } from 'ts-json-schema-generator';
import ts from 'typescript';
import type { JsonSchema, JsonValue, RouteSchemas } from '../backend/src/contracts/route-schemas.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACTS_DIR = path.join(ROOT, 'backend/src/contracts');
export const GENERATED_FILE = path.join(CONTRACTS_DIR, 'route-schemas.generated.ts');
export const GENERATE_COMMAND = 'npm run contract:schemas';

/** The contract's files are shared with the browser, so they are read with the DOM's types (Blob, File). */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2023,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

/** A program over the contract with one more file, held in memory, in the contract's folder. */
function programWith(contractsDir: string, fileName: string, text: string, oldProgram?: ts.Program): ts.Program {
  const virtualPath = path.join(contractsDir, fileName);
  const host = ts.createCompilerHost(COMPILER_OPTIONS, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, languageVersion, ...rest) =>
    path.resolve(name) === virtualPath ? ts.createSourceFile(name, text, languageVersion, true) : getSourceFile.call(host, name, languageVersion, ...rest);
  host.fileExists = (name) => path.resolve(name) === virtualPath || fileExists.call(host, name);
  host.readFile = (name) => (path.resolve(name) === virtualPath ? text : readFile.call(host, name));
  return ts.createProgram({ rootNames: [virtualPath], options: COMPILER_OPTIONS, host, oldProgram });
}

function failOnErrors(program: ts.Program, fileName: string, stage: string): void {
  const file = program.getSourceFiles().find((source) => path.basename(source.fileName) === fileName)!;
  const errors = ts.getPreEmitDiagnostics(program, file).filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (errors.length === 0) return;
  const messages = errors.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  throw new Error(`${stage}:\n${messages.join('\n')}`);
}

const RESOLVE_FILE = '__route-types__.ts';
const SCHEMA_FILE = '__route-schemas__.ts';

/** A route without a JSON answer or body: nothing (204, no body), a file or redirect (`unknown`), or multipart. */
function isWithoutJson(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined | ts.TypeFlags.Unknown | ts.TypeFlags.Any | ts.TypeFlags.Never)) return true;
  const isFormBody = (symbol: ts.Symbol | undefined): boolean =>
    symbol?.getName() === 'FormBody' && (symbol.declarations ?? []).some((declaration) => path.basename(declaration.getSourceFile().fileName) === 'http.ts');
  return isFormBody(type.getSymbol()) || isFormBody(type.aliasSymbol);
}

/** Each route's response and body types, printed so that the file `SCHEMA_FILE` can name them. */
function resolveRouteTypes(contractsDir: string): { program: ts.Program; responses: Map<string, string>; bodies: Map<string, string> } {
  const text = [
    `import type { BodyOf, ResponseOf, RouteKey } from './routes.js';`,
    `export type RouteResponses = { [Key in RouteKey]: ResponseOf<Key> };`,
    `export type RouteBodies = { [Key in RouteKey]: BodyOf<Key> };`,
  ].join('\n');
  const program = programWith(contractsDir, RESOLVE_FILE, text);
  failOnErrors(program, RESOLVE_FILE, 'The route tables do not type-check');
  const checker = program.getTypeChecker();
  const file = program.getSourceFiles().find((source) => path.basename(source.fileName) === RESOLVE_FILE)!;
  const printed = (aliasName: string): Map<string, string> => {
    const alias = file.statements.find((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === aliasName)!;
    const routes = new Map<string, string>();
    for (const property of checker.getPropertiesOfType(checker.getTypeAtLocation(alias.name))) {
      const type = checker.getTypeOfSymbol(property);
      if (isWithoutJson(type)) continue;
      routes.set(property.getName(), checker.typeToString(type, file, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseFullyQualifiedType));
    }
    return routes;
  };
  return { program, responses: printed('RouteResponses'), bodies: printed('RouteBodies') };
}

/** `Page<AuditLogEntryDto>` → `Page_AuditLogEntryDto`: OpenAPI's component names allow letters, digits, `.`, `-` and `_`. */
function componentNames(definitionNames: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of [...definitionNames].sort()) {
    const base = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '') || 'Schema';
    let candidate = base;
    for (let index = 2; taken.has(candidate); index += 1) candidate = `${base}_${index}`;
    taken.add(candidate);
    names.set(name, candidate);
  }
  return names;
}

/** JSON Schema (draft 7, as generated) to the OpenAPI 3.0 dialect: `$ref`s into components, `nullable`, no `const`. */
function toOpenApi(schema: Definition | boolean, names: Map<string, string>): JsonSchema {
  if (typeof schema === 'boolean') return schema ? {} : { not: {} };
  const out: JsonSchema = {};
  const convert = (inner: Definition | boolean): JsonSchema => toOpenApi(inner, names);
  for (const [keyword, value] of Object.entries(schema) as [string, unknown][]) {
    if (value === undefined) continue;
    switch (keyword) {
      case '$ref': {
        const name = decodeURIComponent(String(value).replace(/^#\/definitions\//, ''));
        out.$ref = `#/components/schemas/${names.get(name) ?? name}`;
        break;
      }
      case 'const':
        out.enum = [value as JsonValue];
        break;
      case 'properties':
        out[keyword] = Object.fromEntries(Object.entries(value as Record<string, Definition>).map(([name, inner]) => [name, convert(inner)]));
        break;
      case 'items':
        // A tuple's items (draft 7 lists one schema per position); OpenAPI 3.0 has one schema for every item.
        out.items = Array.isArray(value) ? { anyOf: (value as Definition[]).map(convert) } : convert(value as Definition);
        break;
      case 'additionalProperties':
      case 'not':
        out[keyword] = typeof value === 'boolean' ? value : convert(value as Definition);
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf':
        out[keyword] = (value as Definition[]).map(convert);
        break;
      // Not in OpenAPI 3.0's schema object.
      case '$schema':
      case '$id':
      case '$comment':
      case 'additionalItems':
      case 'propertyNames':
      case 'patternProperties':
      case 'examples':
      case 'markdownDescription':
        break;
      default:
        out[keyword] = value as JsonValue;
    }
  }
  return withNullable(out);
}

/** `type: ['string', 'null']` and `anyOf: [X, { type: 'null' }]` become OpenAPI 3.0's `nullable: true`. */
function withNullable(schema: JsonSchema): JsonSchema {
  const { type, anyOf } = schema;
  if (type === 'null') {
    const { type: _type, ...rest } = schema;
    return { ...rest, enum: [null], nullable: true };
  }
  if (Array.isArray(type) && type.includes('null')) {
    const others = type.filter((name) => name !== 'null');
    const { type: _type, ...rest } = schema;
    if (others.length === 1) return { ...rest, type: others[0]!, nullable: true };
    return { ...rest, anyOf: others.map((name) => ({ type: name, nullable: true })) };
  }
  if (Array.isArray(anyOf)) {
    // `{ type: 'null' }`, already converted by the lines above.
    const isNull = (member: JsonValue): boolean =>
      typeof member === 'object' &&
      member !== null &&
      !Array.isArray(member) &&
      member.nullable === true &&
      JSON.stringify(member.enum) === '[null]' &&
      Object.keys(member).length === 2;
    if (!anyOf.some(isNull)) return schema;
    const others = anyOf.filter((member) => !isNull(member));
    const { anyOf: _anyOf, ...rest } = schema;
    const only = others.length === 1 ? others[0] : undefined;
    if (only && typeof only === 'object' && !Array.isArray(only) && only.type !== undefined && only.$ref === undefined) return { ...rest, ...only, nullable: true };
    if (only && typeof only === 'object' && !Array.isArray(only) && only.enum === undefined) return { ...rest, allOf: [only], nullable: true };
    return { ...rest, anyOf: others, nullable: true };
  }
  return schema;
}

/** Builds every route's schemas from the contract in `contractsDir` (the repository's, unless a test says otherwise). */
export function generateRouteSchemas(contractsDir = CONTRACTS_DIR): RouteSchemas {
  const { program: resolved, responses, bodies } = resolveRouteTypes(contractsDir);
  const property = ([key, type]: [string, string]) => `  ${JSON.stringify(key)}: ${type};`;
  const text = [
    `export interface RouteResponses {`,
    ...[...responses].map(property),
    `}`,
    `export interface RouteBodies {`,
    ...[...bodies].map(property),
    `}`,
    `export interface RouteSchemaRoots {`,
    `  responses: RouteResponses;`,
    `  bodies: RouteBodies;`,
    `}`,
  ].join('\n');
  const program = programWith(contractsDir, SCHEMA_FILE, text, resolved);
  failOnErrors(program, SCHEMA_FILE, 'A route answers or takes a type that is not exported from its contract file');
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    type: 'RouteSchemaRoots',
    tsProgram: program,
    expose: 'export',
    jsDoc: 'extended',
    skipTypeCheck: true,
    encodeRefs: false,
    additionalProperties: true,
  };
  const schema = new SchemaGenerator(program, createParser(program, config), createFormatter(config), config).createSchema('RouteSchemaRoots');
  const { RouteSchemaRoots: _roots, RouteResponses: responseRoot, RouteBodies: bodyRoot, ...shared } = schema.definitions ?? {};
  const names = componentNames(Object.keys(shared));
  const routesOf = (root: Definition | boolean | undefined): Record<string, JsonSchema> => {
    const properties = typeof root === 'object' ? (root.properties ?? {}) : {};
    return Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, toOpenApi(inner, names)]));
  };
  return {
    definitions: Object.fromEntries(
      Object.entries(shared)
        .map(([name, inner]): [string, JsonSchema] => [names.get(name)!, toOpenApi(inner, names)])
        .sort(([one], [other]) => (one < other ? -1 : 1)),
    ),
    responses: routesOf(responseRoot),
    bodies: routesOf(bodyRoot),
  };
}

/** The generated file's text, formatted as the repository formats its code. */
export async function renderRouteSchemasFile(schemas: RouteSchemas): Promise<string> {
  const text = [
    `// Generated by \`${GENERATE_COMMAND}\` (scripts/contract-schemas.ts) from the REST contract's types: do not edit.`,
    `import type { RouteSchemas } from './route-schemas.js';`,
    ``,
    `export const ROUTE_SCHEMAS: RouteSchemas = ${JSON.stringify(schemas)};`,
    ``,
  ].join('\n');
  const prettier = await import('prettier');
  return prettier.format(text, { ...(await prettier.resolveConfig(GENERATED_FILE)), filepath: GENERATED_FILE });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  const schemas = generateRouteSchemas();
  await writeFile(GENERATED_FILE, await renderRouteSchemasFile(schemas));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${path.relative(ROOT, GENERATED_FILE)}: ${Object.keys(schemas.responses).length} responses, ${Object.keys(schemas.bodies).length} bodies, ` +
      `${Object.keys(schemas.definitions).length} shared schemas (${seconds} s)`,
  );
}
