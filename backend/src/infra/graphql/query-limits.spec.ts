import { describe, expect, it } from '@jest/globals';
import {
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  getIntrospectionQuery,
  parse,
  validate,
  type GraphQLFieldConfigMap,
} from 'graphql';
import { COST_LIMIT, DEFAULT_LIST_SIZE, DEPTH_LIMIT, LIST_SIZE, costLimitError, depthLimitRule, queryCost } from './query-limits.js';

const race = new GraphQLObjectType({ name: 'Race', fields: { id: { type: GraphQLInt }, laps: { type: GraphQLInt } } });
const event: GraphQLObjectType = new GraphQLObjectType({
  name: 'Event',
  fields: (): GraphQLFieldConfigMap<unknown, unknown> => ({
    id: { type: GraphQLInt },
    name: { type: GraphQLString },
    tags: { type: new GraphQLList(GraphQLString) },
    races: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(race))), extensions: { [LIST_SIZE]: 3 } },
    next: { type: event },
  }),
});
const eventPage = new GraphQLObjectType({ name: 'EventPage', fields: { content: { type: new GraphQLList(event) }, totalElements: { type: GraphQLInt } } });
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      events: { type: eventPage, args: { pageSize: { type: GraphQLInt, defaultValue: 25 } } },
      event: { type: event, args: { id: { type: GraphQLInt } } },
      allEvents: { type: new GraphQLList(event) },
      firstEvents: { type: new GraphQLList(event), args: { first: { type: GraphQLInt } } },
    },
  }),
});

const cost = (query: string, variables?: Record<string, unknown>, operationName?: string) => queryCost(schema, parse(query), operationName, variables);
const depthErrors = (query: string, limit?: number) => validate(schema, parse(query), [depthLimitRule(limit)]).map((error) => error.message);

describe('queryCost', () => {
  it('counts 1 for each field', () => {
    expect(cost('{ event(id: 1) { id name } }')).toBe(3);
  });

  it('multiplies what a paged field selects by its pageSize, without counting its list again', () => {
    expect(cost('{ events(pageSize: 10) { content { id name } totalElements } }')).toBe(1 + 10 * (1 + 2 + 1));
  });

  it("takes an omitted pageSize from the schema's default", () => {
    expect(cost('{ events { content { id } } }')).toBe(1 + 25 * 2);
  });

  it('reads pageSize from a variable, or from the variable default', () => {
    expect(cost('query Q($size: Int) { events(pageSize: $size) { content { id } } }', { size: 4 })).toBe(1 + 4 * 2);
    expect(cost('query Q($size: Int = 2) { events(pageSize: $size) { content { id } } }')).toBe(1 + 2 * 2);
  });

  it('multiplies a list field by its first argument', () => {
    expect(cost('{ firstEvents(first: 7) { id } }')).toBe(1 + 7);
  });

  it('multiplies a list without a page by its typical size, or else the default', () => {
    expect(cost('{ event(id: 1) { races { id laps } } }')).toBe(1 + (1 + 3 * 2));
    expect(cost('{ allEvents { id } }')).toBe(1 + DEFAULT_LIST_SIZE);
  });

  it('multiplies nested lists', () => {
    expect(cost('{ events(pageSize: 5) { content { races { id } } } }')).toBe(1 + 5 * (1 + (1 + 3 * 1)));
  });

  it('counts a list of scalars as one field', () => {
    expect(cost('{ event(id: 1) { tags } }')).toBe(2);
  });

  it('counts fragments and inline fragments where they are spread', () => {
    const viaFragment = cost('query { events(pageSize: 2) { content { ...Names } } } fragment Names on Event { id name }');
    const viaInline = cost('{ events(pageSize: 2) { content { ... on Event { id name } } } }');
    expect(viaFragment).toBe(1 + 2 * 3);
    expect(viaInline).toBe(viaFragment);
  });

  it('counts the aliases of one field each', () => {
    expect(cost('{ a: event(id: 1) { id } b: event(id: 2) { id } }')).toBe(4);
  });

  it('costs nothing for introspection or __typename', () => {
    expect(cost('{ __schema { types { name } } }')).toBe(0);
    expect(cost('{ event(id: 1) { __typename id } }')).toBe(2);
  });

  it('costs the operation that runs, by name', () => {
    const document = 'query Small { event(id: 1) { id } } query Large { allEvents { id } }';
    expect(cost(document, {}, 'Small')).toBe(2);
    expect(cost(document, {}, 'Large')).toBe(1 + DEFAULT_LIST_SIZE);
  });

  it('says what a refused query cost and what the limit is', () => {
    const error = costLimitError(12_345);
    expect(error.message).toContain(`costs 12345, over the limit of ${COST_LIMIT}`);
    expect(error.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', http: { status: 400 } });
  });
});

describe('depthLimitRule', () => {
  it('lets a query as deep as the limit through', () => {
    expect(depthErrors('{ event(id: 1) { next { id } } }', 3)).toEqual([]);
  });

  it('refuses a query one level deeper, naming the field', () => {
    expect(depthErrors('{ event(id: 1) { next { next { id } } } }', 3)).toEqual(['The query nests fields deeper than the limit of 3 levels (at "id")']);
  });

  it('counts the levels fragments add', () => {
    expect(depthErrors('query { event(id: 1) { ...Deeper } } fragment Deeper on Event { next { next { id } } }', 3)).toHaveLength(1);
  });

  it('lets the standard introspection query through', () => {
    expect(depthErrors(getIntrospectionQuery(), DEPTH_LIMIT)).toEqual([]);
  });

  it('refuses introspection that nests more than three lists', () => {
    expect(depthErrors('{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }', DEPTH_LIMIT)).toEqual([
      'The introspection query nests more than 3 lists (at "fields")',
    ]);
  });
});
