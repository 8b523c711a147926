import type { ApolloServer } from '@apollo/server';
import type { ApolloDriver } from '@nestjs/apollo';
import { Injectable, SetMetadata, type NestMiddleware, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { NextFunction, Request, Response } from 'express';
import { Kind, OperationTypeNode, parse, type DocumentNode } from 'graphql';
import type { DomainEventName } from '../../contracts/domain-events.js';
import { CACHED_READ_HEADERS, type ReadTag } from '../read-cache/cached-read.js';
import { ReadCache } from '../read-cache/read-cache.js';
import { ReadInvalidation } from '../read-cache/read-invalidation.js';
import { graphqlContext } from './graphql-context.js';
import { PersistedQueries } from './persisted-queries.js';

const GRAPHQL_READ = 'paddock:graphql-read';
/** @nestjs/graphql's metadata on a resolver method: its operation type and, when given, its field name. */
const RESOLVER_TYPE_METADATA = 'graphql:resolver_type';
const RESOLVER_NAME_METADATA = 'graphql:resolver_name';
/** The operations whose cache tag a process remembers, and the URLs whose operation it remembers (then it starts again). */
const MAX_KNOWN_OPERATIONS = 1_000;
const MAX_KNOWN_URLS = 1_000;

/**
 * Marks a root query field as a cached read of `tag`, as `@CachedRead` marks a REST route: its answer
 * is out of date after the same domain events. Mark a field only when those events cover everything
 * a query can reach from it, as its REST twin's tag does (`profile` is not marked: its stats and
 * results change with results, which the profiles tag does not follow). An operation is cached when
 * all its root fields are such reads of one tag; any other operation is answered by Apollo each time.
 */
export const GraphqlRead = (tag: ReadTag): MethodDecorator => SetMetadata(GRAPHQL_READ, tag);

/** A persisted query's GET: the document's hash, the operation named and the variables as sent. */
interface PersistedGet {
  hash: string;
  operationName: string | undefined;
  variables: string | undefined;
}

/** A GraphQL answer that is not stored (it carries errors): sent as Apollo would send it. */
class UncachedAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('GraphQL answer with errors');
  }
}

/**
 * GraphQL reads cached like REST reads: a persisted query sent as GET (its hash, the operation name
 * and the variables in the URL) is answered from the shared read cache, keyed by the URL, under the
 * tag of its root fields (`@GraphqlRead`), and dropped by the same domain events. The fast path answers
 * hits before the Nest pipeline, once this process has seen the operation; this middleware (after the
 * GraphQL gate's limits) loads misses by running the operation in Apollo. Everything else — a POST,
 * a document sent in full, an unknown hash, an operation over several tags, an answer with errors —
 * is Apollo's as before.
 */
@Injectable()
export class GraphqlReads implements NestMiddleware, OnModuleInit {
  /** Root query field → the tag of its cached read. */
  private readonly fieldTags = new Map<string, ReadTag>();
  /** `<hash>\n<operation name>` → the tag of the operation, or null when it is not cached. */
  private readonly operations = new Map<string, ReadTag | null>();
  /** A GET's URL → its operation's key, or null when it is no persisted GET: the fast path asks for every /graphql GET. */
  private readonly operationKeys = new Map<string, string | null>();
  private server?: ApolloServer;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly moduleRef: ModuleRef,
    private readonly cache: ReadCache,
    private readonly invalidation: ReadInvalidation,
    private readonly persisted: PersistedQueries,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, () => unknown>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const tag = Reflect.getMetadata(GRAPHQL_READ, prototype[method]) as ReadTag | undefined;
        if (!tag || Reflect.getMetadata(RESOLVER_TYPE_METADATA, prototype[method]) !== 'Query') continue;
        this.fieldTags.set((Reflect.getMetadata(RESOLVER_NAME_METADATA, prototype[method]) as string | undefined) ?? method, tag);
        this.invalidation.declare(tag.name, tag.invalidatedBy as DomainEventName[]);
      }
    }
  }

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    const get = persistedGet(request);
    if (!get) return next();
    const document = await this.persisted.documentOf(get.hash);
    const tag = document === undefined ? null : this.tagOf(get, document);
    const variables = parseVariables(get.variables);
    if (document === undefined || !tag || variables === undefined) return next();
    response.set(CACHED_READ_HEADERS);
    try {
      response.send(await this.cache.json(tag.name, request.originalUrl, () => this.run(request, document, get.operationName, variables)));
    } catch (error) {
      if (!(error instanceof UncachedAnswer)) return next(error);
      response.status(error.status).json(error.body);
    }
  }

  /** The tag of a GET of a persisted operation this process has seen (and found cacheable), for the fast path. */
  knownTag(request: Request): ReadTag | null {
    if (request.method !== 'GET') return null;
    const url = request.originalUrl;
    let key = this.operationKeys.get(url);
    if (key === undefined) {
      const get = persistedGet(request);
      key = get && operationKey(get);
      if (this.operationKeys.size >= MAX_KNOWN_URLS) this.operationKeys.clear();
      this.operationKeys.set(url, key);
    }
    return (key !== null && this.operations.get(key)) || null;
  }

  private tagOf(get: PersistedGet, document: string): ReadTag | null {
    const key = operationKey(get);
    let tag = this.operations.get(key);
    if (tag === undefined) {
      tag = this.tagOfDocument(document, get.operationName);
      if (this.operations.size >= MAX_KNOWN_OPERATIONS) this.operations.clear();
      this.operations.set(key, tag);
    }
    return tag;
  }

  /** The one tag every root field of the operation reads, or null (fragments at the root, unmarked fields, several tags). */
  private tagOfDocument(text: string, operationName: string | undefined): ReadTag | null {
    let document: DocumentNode;
    try {
      document = parse(text);
    } catch {
      return null;
    }
    const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    const operation =
      operationName === undefined ? (operations.length === 1 ? operations[0] : undefined) : operations.find((candidate) => candidate.name?.value === operationName);
    if (operation?.operation !== OperationTypeNode.QUERY) return null;
    let tag: ReadTag | null = null;
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) return null;
      if (selection.name.value === '__typename') continue;
      const fieldTag = this.fieldTags.get(selection.name.value);
      if (!fieldTag || (tag && tag !== fieldTag)) return null;
      tag = fieldTag;
    }
    return tag;
  }

  /** Runs the operation as a POST of it would run (validation, limits, error formatting); an answer with errors is not stored. */
  private async run(request: Request, query: string, operationName: string | undefined, variables: Record<string, unknown> | null): Promise<unknown> {
    this.server ??= this.moduleRef.get<GraphQLModule<ApolloDriver>>(GraphQLModule, { strict: false }).graphQlAdapter.instance;
    const answer = await this.server.executeOperation({ query, operationName, variables: variables ?? undefined }, { contextValue: graphqlContext({ req: request }) });
    if (answer.body.kind !== 'single' || answer.body.singleResult.errors?.length) {
      throw new UncachedAnswer(
        answer.http.status ?? 200,
        answer.body.kind === 'single' ? answer.body.singleResult : { errors: [{ message: 'Incremental delivery is not supported' }] },
      );
    }
    return answer.body.singleResult;
  }
}

const operationKey = ({ hash, operationName }: PersistedGet): string => `${hash}\n${operationName ?? ''}`;

/** A GET carrying a persisted query's hash and no document, or null. */
function persistedGet(request: Request): PersistedGet | null {
  if (request.method !== 'GET') return null;
  const { extensions, operationName, variables, query } = request.query;
  if (typeof extensions !== 'string' || query !== undefined) return null;
  if ((operationName !== undefined && typeof operationName !== 'string') || (variables !== undefined && typeof variables !== 'string')) return null;
  let hash: unknown;
  try {
    hash = (JSON.parse(extensions) as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null)?.persistedQuery?.sha256Hash;
  } catch {
    return null;
  }
  return typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash) ? { hash, operationName, variables } : null;
}

/** The variables object (null when none were sent), or undefined when they are not a JSON object: Apollo answers that. */
function parseVariables(text: string | undefined): Record<string, unknown> | null | undefined {
  if (text === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
