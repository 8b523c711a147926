import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';
import { RequestLoaders } from './request-loaders.js';

/**
 * What every resolver of one GraphQL request shares. No caller: the GraphQL API serves public data
 * only, the same to visitors and signed-in users, so resolvers never ask who is calling.
 */
export interface GraphqlContext {
  req: Request;
  loaders: RequestLoaders;
}

/** A fresh context for each request (its own DataLoaders: nothing is shared between requests). */
export function graphqlContext({ req }: { req: Request }): GraphqlContext {
  return { req, loaders: new RequestLoaders() };
}

/** Injects the request's DataLoaders into a resolver method. */
export const Loaders = createParamDecorator((_data: unknown, context: ExecutionContext): RequestLoaders => {
  return GqlExecutionContext.create(context).getContext<GraphqlContext>().loaders;
});
