import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, RequestMethod, type MiddlewareConsumer, type NestModule, type OnModuleInit } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { graphqlContext } from './graphql-context.js';
import { formatGraphqlError } from './graphql-errors.js';
import { GraphqlGate } from './graphql-gate.js';
import { GraphqlReads } from './graphql-reads.js';
import { PersistedQueries, PERSISTED_QUERY_TTL_SECONDS } from './persisted-queries.js';
import { ReadFastPath } from '../read-cache/read-fast-path.js';
import { REDIS } from '../redis/redis.module.js';
import { APP_CONFIG, type AppConfig } from '../../config/environment.js';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { COST_LIMIT, costLimitError, depthLimitRule, queriesOnlyRule, queryCost } from './query-limits.js';

/** Under the API prefix: `/api/graphql`. */
export const GRAPHQL_PATH = '/graphql';

/** Shared by every API instance: a query registered through one is known to all. */
const persistedQueriesProvider = {
  provide: PersistedQueries,
  inject: [REDIS, APP_CONFIG],
  useFactory: (redis: Redis, config: AppConfig) => new PersistedQueries(redis, `${config.redisPrefix}:graphql:`),
};

/** The persisted queries' store, for Apollo (which registers them) and the cached reads (which look them up). */
@Module({ providers: [persistedQueriesProvider], exports: [PersistedQueries] })
class PersistedQueriesModule {}

/** Refuses an operation over the cost limit once its variables are known (a validation rule sees only the document). */
function costLimitPlugin(limit = COST_LIMIT): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request }) {
          const cost = queryCost(schema, document, request.operationName, request.variables);
          if (cost > limit) throw costLimitError(cost, limit);
        },
      };
    },
  };
}

/** The Apollo server's settings: read-only, limited, and silent about internals; persisted queries (by hash) registered in `persisted`. */
export function graphqlOptions(persisted: PersistedQueries): ApolloDriverConfig {
  return {
    path: GRAPHQL_PATH,
    useGlobalPrefix: true,
    // Code first: the schema is built from the resolvers' decorators at boot and kept in memory.
    autoSchemaFile: true,
    sortSchema: true,
    introspection: true,
    // No landing page: Apollo's and GraphiQL's load their scripts from CDNs, which the site's CSP refuses.
    graphiql: false,
    csrfPrevention: true,
    persistedQueries: { cache: persisted, ttl: PERSISTED_QUERY_TTL_SECONDS },
    includeStacktraceInErrorResponses: false,
    autoTransformHttpErrors: false,
    validationRules: [queriesOnlyRule, depthLimitRule()],
    plugins: [costLimitPlugin()],
    formatError: formatGraphqlError(),
    context: graphqlContext,
  };
}

/**
 * The read-only GraphQL API at `/api/graphql` (API processes only, not the worker): public league data
 * for the client's competition views and for community tools. Queries only — no mutations, no
 * subscriptions. The resolvers live in the domain modules (`modules/<domain>/<domain>.resolver.ts`) and
 * call the same services as the REST controllers; nested fields are batched per request through the
 * context's DataLoaders (`@Loaders()`).
 */
@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [PersistedQueriesModule],
      inject: [PersistedQueries],
      useFactory: graphqlOptions,
    }),
    PersistedQueriesModule,
    DiscoveryModule,
  ],
  providers: [GraphqlGate, GraphqlReads],
})
export class GraphqlModule implements NestModule, OnModuleInit {
  constructor(
    private readonly reads: GraphqlReads,
    private readonly fastPath: ReadFastPath,
  ) {}

  onModuleInit(): void {
    this.fastPath.addReads(GRAPHQL_PATH, (request) => this.reads.knownTag(request));
  }

  configure(consumer: MiddlewareConsumer): void {
    // The provider's own instance (a middleware class would get one of its own): it learns the operations the fast path then answers.
    const cachedReads: RequestHandler = (request, response, next) => void this.reads.use(request, response, next);
    consumer.apply(GraphqlGate, cachedReads).forRoutes({ path: GRAPHQL_PATH, method: RequestMethod.ALL });
  }
}
