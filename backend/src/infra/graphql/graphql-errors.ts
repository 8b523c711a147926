import { unwrapResolverError } from '@apollo/server/errors';
import { NotFoundError } from '@mikro-orm/core';
import { HttpException, Logger } from '@nestjs/common';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

/** The GraphQL error code of each 4xx a service may raise; other 4xx are BAD_REQUEST. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_USER_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** A GraphQL error body for a request refused before GraphQL runs (size, rate limit, method). */
export function graphqlErrorBody(message: string, code: string): { errors: GraphQLFormattedError[] } {
  return { errors: [{ message, extensions: { code } }] };
}

function fromHttpException(exception: HttpException, formatted: GraphQLFormattedError): GraphQLFormattedError | null {
  const status = exception.getStatus();
  if (status >= 500) return null;
  const body = exception.getResponse();
  const { message, errors } = typeof body === 'string' ? { message: body, errors: undefined } : (body as { message?: string | string[]; errors?: Record<string, string[]> });
  return {
    message: Array.isArray(message) ? message.join('; ') : (message ?? exception.message),
    locations: formatted.locations,
    path: formatted.path,
    extensions: { code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', ...(errors ? { errors } : {}) },
  };
}

/**
 * Apollo's `formatError`: every error leaves in GraphQL's shape `{message, locations, path, extensions: {code}}`
 * and never with a stack trace. A service's 4xx (NotFoundException, a validation 400 with its field
 * messages in `extensions.errors`) keeps its message under a code; GraphQL's own errors (syntax,
 * validation, limits) stay as they are; anything else is logged in full and answered as a bare
 * internal error, as the REST error filter does.
 */
export function formatGraphqlError(logger = new Logger('GraphQL')) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = unwrapResolverError(error);
    if (original instanceof HttpException) {
      const known = fromHttpException(original, formatted);
      if (known) return known;
    } else if (original instanceof NotFoundError) {
      return { message: 'Not found', locations: formatted.locations, path: formatted.path, extensions: { code: 'NOT_FOUND' } };
    } else if (original instanceof GraphQLError) {
      const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    }
    logger.error(original instanceof Error ? (original.stack ?? original.message) : String(original));
    return { message: 'Internal server error', locations: formatted.locations, path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}
