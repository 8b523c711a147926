import { describe, expect, it } from '@jest/globals';
import { Float, GraphQLSchemaBuilderModule, GraphQLSchemaFactory, Int, Query, Resolver } from '@nestjs/graphql';
import { Test } from '@nestjs/testing';
import { GraphQLObjectType, printType, type GraphQLSchema } from 'graphql';
import { contractType, field, graphqlEnum, pageType, pick, type ContractFields } from './contract-types.js';
import { LIST_SIZE } from './query-limits.js';

/* A small contract, as contracts/*.ts write them. */
const SESSION_KINDS = ['RACE', 'SPRINT'] as const;
type SessionKind = (typeof SESSION_KINDS)[number];
interface LapDto {
  lap: number;
  timeMs: number | null;
}
interface SessionDto {
  id: number;
  name: string;
  kind: SessionKind;
  done: boolean;
  notes?: string | null;
  fastest: LapDto | null;
  laps: LapDto[];
}

const SessionKindEnum = graphqlEnum(SESSION_KINDS, 'ContractTestSessionKind');
const LapType = contractType<LapDto>('ContractTestLap', { lap: Int, timeMs: field(Float, { nullable: true, description: 'Null: not timed' }) });
const sessionFields: ContractFields<SessionDto> = {
  id: Int,
  name: String,
  kind: SessionKindEnum,
  done: Boolean,
  notes: field(String, { nullable: true }),
  fastest: field(LapType, { nullable: true }),
  laps: field([LapType], { listSize: 30 }),
};
const SessionType = contractType<SessionDto>('ContractTestSession', sessionFields, 'A session of the test contract');
const SessionPageType = pageType('ContractTestSessionPage', SessionType);
const LapRefType = contractType<Pick<SessionDto, 'id' | 'name'>>('ContractTestSessionRef', pick(sessionFields, 'id', 'name'));

@Resolver(() => SessionType)
class SessionResolver {
  @Query(() => SessionPageType)
  sessions(): null {
    return null;
  }

  @Query(() => LapRefType)
  sessionRef(): null {
    return null;
  }
}

async function buildSchema(): Promise<GraphQLSchema> {
  const moduleRef = await Test.createTestingModule({ imports: [GraphQLSchemaBuilderModule] }).compile();
  return moduleRef.get(GraphQLSchemaFactory).create([SessionResolver]);
}

const objectType = (schema: GraphQLSchema, name: string) => schema.getType(name) as GraphQLObjectType;

describe('contractType', () => {
  it("declares each of the contract's fields with its GraphQL type, non-null unless the contract allows null, enums by the contract's values", async () => {
    const schema = await buildSchema();

    expect(printType(objectType(schema, 'ContractTestSession'))).toBe(
      [
        '"""A session of the test contract"""',
        'type ContractTestSession {',
        '  id: Int!',
        '  name: String!',
        '  kind: ContractTestSessionKind!',
        '  done: Boolean!',
        '  notes: String',
        '  fastest: ContractTestLap',
        '  laps: [ContractTestLap!]!',
        '}',
      ].join('\n'),
    );
    expect(printType(objectType(schema, 'ContractTestLap'))).toBe(['type ContractTestLap {', '  lap: Int!', '', '  """Null: not timed"""', '  timeMs: Float', '}'].join('\n'));
    expect(printType(schema.getType('ContractTestSessionKind')!)).toBe('enum ContractTestSessionKind {\n  RACE\n  SPRINT\n}');
  });

  it("gives a list the size it says for the cost limit, a page the REST page's fields, and a picked type only what it picks", async () => {
    const schema = await buildSchema();

    expect(objectType(schema, 'ContractTestSession').getFields()['laps']!.extensions[LIST_SIZE]).toBe(30);
    expect(Object.keys(objectType(schema, 'ContractTestSessionPage').getFields())).toEqual(['content', 'pageNumber', 'pageSize', 'totalElements', 'totalPages']);
    expect(String(objectType(schema, 'ContractTestSessionPage').getFields()['content']!.type)).toBe('[ContractTestSession!]!');
    expect(Object.keys(objectType(schema, 'ContractTestSessionRef').getFields())).toEqual(['id', 'name']);
  });
});

/*
 * What tsc refuses (`tsc -p backend` compiles this file): a table that drifts from its contract. Each
 * line would compile without its @ts-expect-error only if the helper let that drift through.
 */
const OtherKindEnum = graphqlEnum(['RACE', 'SPRINT', 'PRACTICE'] as const, 'ContractTestOtherKind');
const { notes, ...withoutNotes } = sessionFields;
// @ts-expect-error a field of the contract left out
void (withoutNotes satisfies ContractFields<SessionDto>);
// @ts-expect-error a field the contract does not have
void ({ ...sessionFields, extra: Int } satisfies ContractFields<SessionDto>);
// @ts-expect-error a union of values declared as a String instead of its enum
void ({ ...sessionFields, kind: String } satisfies ContractFields<SessionDto>);
// @ts-expect-error an enum of other values than the contract's
void ({ ...sessionFields, kind: OtherKindEnum } satisfies ContractFields<SessionDto>);
// @ts-expect-error a number declared as a String
void ({ ...sessionFields, id: String } satisfies ContractFields<SessionDto>);
// @ts-expect-error a field the contract allows null in, declared non-null
void ({ ...sessionFields, notes: String } satisfies ContractFields<SessionDto>);
// @ts-expect-error a non-null field declared nullable
void ({ ...sessionFields, name: field(String, { nullable: true }) } satisfies ContractFields<SessionDto>);
// @ts-expect-error a list declared as one value
void ({ ...sessionFields, laps: LapType } satisfies ContractFields<SessionDto>);
// @ts-expect-error an object declared as another contract's type
void ({ ...sessionFields, fastest: field(SessionType, { nullable: true }) } satisfies ContractFields<SessionDto>);
void notes;
