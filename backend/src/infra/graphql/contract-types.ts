import type { Type } from '@nestjs/common';
import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { Page } from '../../contracts/api.js';
import { ListSize } from './graphql-types.js';

/**
 * GraphQL object types declared from the contracts (contracts/*.ts) instead of beside them: one table
 * names each of a contract's fields once with its GraphQL type, and tsc checks the table against the
 * contract — a field left out, a number declared as a String, a union of values declared as a String
 * instead of its enum, or a null the GraphQL type does not allow fails to compile.
 */

declare const enumValues: unique symbol;

/** A GraphQL enum registered from a contract's list of values (`graphqlEnum`): exactly those values. */
export type GraphqlEnum<Value extends string> = { readonly [V in Value]: V } & {
  // Never set: makes an enum of other values (more or fewer) unassignable, in both directions.
  readonly [enumValues]?: (value: Value) => Value;
};

/** Registers a contract's list of values (`PLATFORMS`, …) as a GraphQL enum of the same values; use the result as a field's type. */
export function graphqlEnum<const T extends readonly string[]>(values: T, name: string, description?: string): GraphqlEnum<T[number]> {
  const enumObject = Object.fromEntries(values.map((value) => [value, value])) as GraphqlEnum<T[number]>;
  registerEnumType(enumObject, { name, description });
  return enumObject;
}

/** The GraphQL types a contract's (non-null) value may be declared as. */
export type GraphqlTypeOf<Value> = [Value] extends [boolean]
  ? BooleanConstructor
  : [Value] extends [number]
    ? typeof Int | typeof Float
    : [Value] extends [string]
      ? string extends Value
        ? StringConstructor
        : GraphqlEnum<Value>
      : [Value] extends [readonly (infer Item)[]]
        ? null extends Item
          ? never
          : readonly [GraphqlTypeOf<Item>]
        : Type<Value>;

const FIELD_SPEC = Symbol('fieldSpec');

/** What a field says beside its type. */
export interface FieldExtras<Nullable extends boolean> {
  /** The contract's value may be null (or left out): GraphQL answers null then. */
  nullable?: Nullable;
  description?: string;
  /** How many items the list holds in a typical answer, for the cost limit (`ListSize`). */
  listSize?: number;
}

/** A field's type with its extras (`field(…)`). */
export interface FieldSpec<GraphqlType, Nullable extends boolean> extends FieldExtras<Nullable> {
  readonly [FIELD_SPEC]: true;
  type: GraphqlType;
}

/** A field with more than its type: `field(Int, { nullable: true, description: '…' })`. */
export function field<const GraphqlType, Nullable extends boolean = false>(type: GraphqlType, extras: FieldExtras<Nullable>): FieldSpec<GraphqlType, Nullable> {
  return { ...extras, type, [FIELD_SPEC]: true };
}

function isFieldSpec(spec: unknown): spec is FieldSpec<unknown, boolean> {
  return typeof spec === 'object' && spec !== null && FIELD_SPEC in spec;
}

type MayBeNull<Contract, Key extends keyof Contract> = null extends Contract[Key] ? true : object extends Pick<Contract, Key> ? true : false;

/** How one contract field is declared: its GraphQL type, nullable exactly when the contract's value may be null or absent. */
export type ContractField<Contract, Key extends keyof Contract> =
  MayBeNull<Contract, Key> extends true
    ? FieldSpec<GraphqlTypeOf<NonNullable<Contract[Key]>>, true>
    : GraphqlTypeOf<Contract[Key]> | FieldSpec<GraphqlTypeOf<Contract[Key]>, false>;

/** Every field of a contract, each declared once. */
export type ContractFields<Contract> = { [Key in keyof Contract]-?: ContractField<Contract, Key> };

/** The fields of a table a type shares with another: `pick(raceResultFields, 'profileId', 'driverName')`. */
export function pick<Fields extends object, const Key extends keyof Fields>(fields: Fields, ...keys: Key[]): Pick<Fields, Key> {
  return Object.fromEntries(keys.map((key) => [key, fields[key]])) as Pick<Fields, Key>;
}

/** The names of the object types declared here, for the test that every object type of the schema is one of them. */
export const CONTRACT_TYPE_NAMES = new Set<string>();

/**
 * The GraphQL object type `name` of a contract, its fields from the table:
 * `export const SeasonRaceType = contractType<SeasonRaceDto>('SeasonRace', { id: Int, laps: field(Int, { nullable: true }), … })`.
 * Resolvers may add fields to it (`@ResolveField`); the contract's are all here.
 */
export function contractType<Contract>(name: string, fields: ContractFields<Contract>, description?: string): Type<Contract> {
  const objectType = { [name]: class {} }[name]!;
  for (const [key, spec] of Object.entries(fields)) {
    const { type, listSize, ...options }: FieldExtras<boolean> & { type: unknown } = isFieldSpec(spec)
      ? { type: spec.type, nullable: spec.nullable, description: spec.description, listSize: spec.listSize }
      : { type: spec };
    Field(() => type as Type<unknown>, options)(objectType.prototype, key);
    if (listSize !== undefined) ListSize(listSize)(objectType.prototype, key);
  }
  ObjectType(name, { description })(objectType);
  CONTRACT_TYPE_NAMES.add(name);
  return objectType as Type<Contract>;
}

/** A page of `item`s, shaped as the REST pages (`Page<T>` of the contracts): `export const EventPageType = pageType('EventPage', EventType)`. */
export function pageType<Item>(name: string, item: Type<Item>): Type<Page<Item>> {
  return contractType<Page<Item>>(name, {
    // tsc cannot work out GraphqlTypeOf of an Item not known yet; `[item]` is the list of any item type.
    content: [item] as unknown as GraphqlTypeOf<Item[]>,
    pageNumber: field(Int, { description: '0-based' }),
    pageSize: Int,
    totalElements: Int,
    totalPages: Int,
  });
}
