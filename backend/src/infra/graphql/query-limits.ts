import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  valueFromAST,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';

/**
 * Limits on what one GraphQL request may ask, checked before anything is resolved: how deeply it
 * nests, and what it costs. Introspection (`__schema`, `__type`) is exempt from both but may nest at
 * most INTROSPECTION_LIST_LIMIT lists (the standard introspection query nests 3), which keeps
 * `fields { type { fields { type { fields … } } } }` from growing exponentially.
 */
export const DEPTH_LIMIT = 8;
/** A season with every round's results in full (~10 rounds × 2 races × 25 lines × 23 fields, co-drivers included) costs about 12,600; 2,000 events with their races do not fit. */
export const COST_LIMIT = 15_000;
/** What a list field without a `first` / `pageSize` argument or a `@ListSize` is taken to hold. */
export const DEFAULT_LIST_SIZE = 10;
/** The field extension `@ListSize(n)` sets: the items a list holds in a typical answer. */
export const LIST_SIZE = 'listSize';
export const INTROSPECTION_LIST_LIMIT = 3;

const PAGE_ARGUMENTS = ['first', 'pageSize'];
const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);
/** The list fields of the introspection types. */
const INTROSPECTION_LISTS = new Set(['types', 'fields', 'args', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues', 'directives', 'locations']);

type Fragments = (name: string) => FragmentDefinitionNode | undefined | null;

interface Nesting {
  depth: number;
  introspectionLists: number;
  inIntrospection: boolean;
}

/** The first field that breaks a nesting limit, and which one; null when the selection stays within both. */
function firstTooDeep(
  selectionSet: SelectionSetNode,
  at: Nesting,
  maxDepth: number,
  fragments: Fragments,
  seen: ReadonlySet<string>,
): { field: FieldNode; reason: 'depth' | 'introspection' } | null {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name === '__typename') continue;
      let next: Nesting;
      if (at.inIntrospection || INTROSPECTION_ROOTS.has(name)) {
        next = { ...at, inIntrospection: true, introspectionLists: at.introspectionLists + (INTROSPECTION_LISTS.has(name) ? 1 : 0) };
        if (next.introspectionLists > INTROSPECTION_LIST_LIMIT) return { field: selection, reason: 'introspection' };
      } else {
        next = { ...at, depth: at.depth + 1 };
        if (next.depth > maxDepth) return { field: selection, reason: 'depth' };
      }
      const found = selection.selectionSet && firstTooDeep(selection.selectionSet, next, maxDepth, fragments, seen);
      if (found) return found;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const found = firstTooDeep(selection.selectionSet, at, maxDepth, fragments, seen);
      if (found) return found;
    } else {
      const name = selection.name.value;
      const fragment = fragments(name);
      // A fragment that spreads itself is NoFragmentCyclesRule's to report.
      if (!fragment || seen.has(name)) continue;
      const found = firstTooDeep(fragment.selectionSet, at, maxDepth, fragments, new Set([...seen, name]));
      if (found) return found;
    }
  }
  return null;
}

/** A validation rule: refuses an operation whose fields nest deeper than `maxDepth` (a root field is depth 1). */
export function depthLimitRule(maxDepth = DEPTH_LIMIT) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const found = firstTooDeep(
        operation.selectionSet,
        { depth: 0, introspectionLists: 0, inIntrospection: false },
        maxDepth,
        (name) => context.getFragment(name),
        new Set(),
      );
      if (!found) return;
      const message =
        found.reason === 'depth'
          ? `The query nests fields deeper than the limit of ${maxDepth} levels (at "${found.field.name.value}")`
          : `The introspection query nests more than ${INTROSPECTION_LIST_LIMIT} lists (at "${found.field.name.value}")`;
      context.reportError(new GraphQLError(message, { nodes: [found.field] }));
    },
  });
}

/** A validation rule: the API is read-only, so a mutation or subscription is refused (400) as such, not as an unknown root type. */
export function queriesOnlyRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(operation) {
      if (operation.operation === 'query') return;
      context.reportError(new GraphQLError(`This API is read-only: it answers queries, not ${operation.operation}s`, { nodes: [operation] }));
    },
  };
}

/** The operation a request runs: the named one, or the only one. */
function operationOf(document: DocumentNode, operationName: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION);
  return operationName ? operations.find((operation) => operation.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
}

/**
 * What one request costs: each field costs 1, plus what it selects times how many it holds — a field
 * with a `first` or `pageSize` argument that many (the list it pages is then not counted again), any
 * other list field its `@ListSize` (else DEFAULT_LIST_SIZE); a list of scalars costs 1. Arguments may come from variables; an omitted one takes the
 * schema's default. Introspection costs nothing (see the depth rule).
 */
export function queryCost(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null, variables: Record<string, unknown> = {}): number {
  const operation = operationOf(document, operationName);
  const root = operation?.operation === 'query' ? schema.getQueryType() : null;
  if (!operation || !root) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const variableDefaults = new Map(operation.variableDefinitions?.map((definition) => [definition.variable.name.value, definition.defaultValue]) ?? []);

  /** The `first` / `pageSize` a field is asked with (given, from a variable, or the schema's default); undefined when it takes none. */
  const pageSize = (field: FieldNode, definition: GraphQLField<unknown, unknown>): number | undefined => {
    for (const argument of definition.args) {
      if (!PAGE_ARGUMENTS.includes(argument.name)) continue;
      const given = field.arguments?.find((candidate) => candidate.name.value === argument.name)?.value;
      let value: unknown = argument.defaultValue;
      if (given?.kind === Kind.VARIABLE) {
        const fallback = variableDefaults.get(given.name.value);
        value = variables[given.name.value] ?? (fallback ? valueFromAST(fallback, argument.type) : undefined) ?? argument.defaultValue;
      } else if (given) {
        value = valueFromAST(given, argument.type);
      }
      if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, value);
    }
    return undefined;
  };

  const cost = (selectionSet: SelectionSetNode, type: GraphQLNamedType | null | undefined, pagedParent: boolean, seen: ReadonlySet<string>): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        if (name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
        const definition = type.getFields()[name];
        if (!definition) continue;
        const paged = pageSize(selection, definition);
        const isList = isListType(getNullableType(definition.type));
        const typical = definition.extensions[LIST_SIZE];
        const times = paged ?? (isList && !pagedParent ? (typeof typical === 'number' ? typical : DEFAULT_LIST_SIZE) : 1);
        const below = selection.selectionSet ? cost(selection.selectionSet, getNamedType(definition.type), paged !== undefined, seen) : 0;
        total += 1 + times * below;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const narrowed = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        total += cost(selection.selectionSet, narrowed, pagedParent, seen);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        total += cost(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), pagedParent, new Set([...seen, fragment.name.value]));
      }
    }
    return total;
  };

  return cost(operation.selectionSet, root, false, new Set());
}

/** The error of a request over the cost limit: a 400 that says what it cost and what the limit is. */
export function costLimitError(cost: number, limit = COST_LIMIT): GraphQLError {
  return new GraphQLError(
    `The query costs ${cost}, over the limit of ${limit}: each field costs 1 and a list multiplies what it holds by its pageSize (or its typical size); ask for fewer fields or smaller pages`,
    { extensions: { code: 'QUERY_TOO_COSTLY', cost, limit, http: { status: 400 } } },
  );
}
