import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import type express from 'express';
import type { NextFunction, Request, Response } from 'express';
import { CSRF_HEADER, CSRF_HEADER_VALUE, CSRF_MESSAGE, SAFE_METHODS, hasCsrfProof } from '../../common/csrf.js';
import { errorBody } from '../../common/error-body.js';
import { type SessionUser, PrincipalResolver } from '../auth/index.js';
import { OpsService } from './ops.service.js';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';
const CSRF_SCRIPT = 'paddock-csrf.js';

/**
 * Bull Board's own client sends no X-Requested-With. This file (a script, not inline: the CSP allows
 * none) makes its same-origin XHRs send it, so the dashboard's buttons keep working under the rule.
 */
const CSRF_SCRIPT_SOURCE = `(() => {
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (...args) {
    open.apply(this, args);
    if (new URL(String(args[1]), location.href).origin === location.origin) this.setRequestHeader('${CSRF_HEADER}', '${CSRF_HEADER_VALUE}');
  };
})();
`;

/**
 * Bull Board at /api/admin/queues for admins: every queue, its failed jobs and their errors. Its
 * changes (pause, retry, clean, empty, add job) obey the CSRF rule of every cookie-authenticated change.
 */
/** Adds the CSRF script to the dashboard page Bull Board renders, ahead of its own (deferred) scripts. */
function withCsrfScript(_request: Request, response: Response, next: NextFunction): void {
  const render = response.render.bind(response);
  response.render = ((view: string, options?: object) =>
    render(view, options ?? {}, (error: Error | null, html: string) => {
      if (error) return next(error);
      response.send(html.replace('<head>', `<head><script src="${QUEUE_DASHBOARD_PATH}/${CSRF_SCRIPT}"></script>`));
    })) as Response['render'];
  next();
}

export function mountQueueDashboard(app: INestApplication): void {
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: app.get(OpsService).queues.map((queue) => new BullMQAdapter(queue)), serverAdapter: board });
  const orm = app.get(MikroORM);
  const principals = app.get(PrincipalResolver);
  const adminsOnly = (request: Request, response: Response, next: NextFunction) => {
    RequestContext.create(orm.em, () => principals.forSession((request.user as SessionUser | undefined)?.id))
      .then((principal) => {
        if (principal?.flags.isAdmin && (SAFE_METHODS.has(request.method) || hasCsrfProof(request))) return next();
        const status = principal ? 403 : 401;
        const message = !principal ? 'Sign in to do this' : principal.flags.isAdmin ? CSRF_MESSAGE : 'The queue dashboard is for admins';
        response.status(status).json(errorBody(status, message, request.originalUrl));
      })
      .catch(next);
  };
  const boardApp = board.getRouter() as ReturnType<typeof express>;
  boardApp.disable('x-powered-by');
  boardApp.get(`/${CSRF_SCRIPT}`, (_request: Request, response: Response) => {
    response.type('text/javascript').setHeader('Cache-Control', 'no-cache');
    response.send(CSRF_SCRIPT_SOURCE);
  });
  app.use(QUEUE_DASHBOARD_PATH, adminsOnly, withCsrfScript, boardApp);
}
