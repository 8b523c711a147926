import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Metrics } from './metrics.js';

/**
 * The route label of a finished request: the pattern of the route that matched it (under the path its
 * router is mounted at), never its URL, so ids and unknown paths add no labels. A request no route
 * matched, or only a catch-all, is `unmatched` under /api and `web` elsewhere.
 */
export function routeLabel(request: Request): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  // The app's own routes carry their whole path; a mounted router's (the queue dashboard's) the path below its mount.
  if (typeof pattern === 'string' && !pattern.includes('*')) return pattern.startsWith(request.baseUrl) ? pattern : `${request.baseUrl}${pattern}`;
  return request.originalUrl.startsWith('/api') ? 'unmatched' : 'web';
}

/** Times every HTTP request, labelled by method, route pattern and status, so the label set stays small. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const stop = metrics.httpDuration.startTimer();
    response.once('finish', () => {
      const route = routeLabel(request);
      stop({ method: request.method, route, status: String(response.statusCode) });
      if (response.statusCode >= 500) metrics.httpErrors.inc({ route });
    });
    next();
  };
}
