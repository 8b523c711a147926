import type { ApolloServerPlugin } from '@apollo/server';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { graphqlContext } from './graphql-context.js';
import { formatGraphqlError } from './graphql-errors.js';
import { GraphqlGate } from './graphql-gate.js';
import { COST_LIMIT, costLimitError, depthLimitRule, queriesOnlyRule, queryCost } from './query-limits.js';

/** Under the API prefix: `/api/graphql`. */
export const GRAPHQL_PATH = '/graphql';

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

/** The Apollo server's settings: read-only, limited, and silent about internals. */
export function graphqlOptions(): ApolloDriverConfig {
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
    persistedQueries: false,
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
  imports: [GraphQLModule.forRootAsync<ApolloDriverConfig>({ driver: ApolloDriver, useFactory: graphqlOptions })],
  providers: [GraphqlGate],
})
export class GraphqlModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(GraphqlGate).forRoutes({ path: GRAPHQL_PATH, method: RequestMethod.ALL });
  }
}
