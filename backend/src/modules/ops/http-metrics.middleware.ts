import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Metrics } from './metrics.js';

/** Times every HTTP request; routes are labelled by their pattern, so the label set stays small. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    const stop = metrics.httpDuration.startTimer();
    response.once('finish', () => {
      const route = (request.route as { path?: string } | undefined)?.path ?? (request.path.startsWith('/api') ? 'unmatched' : 'web');
      stop({ method: request.method, route, status: String(response.statusCode) });
      if (response.statusCode >= 500) metrics.httpErrors.inc({ route });
    });
    next();
  };
}
