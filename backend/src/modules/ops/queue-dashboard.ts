import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { errorBody } from '../../common/error-body.js';
import type { SessionUser } from '../auth/discord.strategy.js';
import { PrincipalResolver } from '../auth/principal-resolver.js';
import { OpsService } from './ops.service.js';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/** Bull Board at /api/admin/queues for admins: every queue, its failed jobs and their errors. */
export function mountQueueDashboard(app: INestApplication): void {
  const board = new ExpressAdapter();
  board.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({ queues: app.get(OpsService).queues.map((queue) => new BullMQAdapter(queue)), serverAdapter: board });
  const orm = app.get(MikroORM);
  const principals = app.get(PrincipalResolver);
  const adminsOnly = (request: Request, response: Response, next: NextFunction) => {
    RequestContext.create(orm.em, () => principals.forSession((request.user as SessionUser | undefined)?.id))
      .then((principal) => {
        if (principal?.flags.isAdmin) return next();
        const status = principal ? 403 : 401;
        response.status(status).json(errorBody(status, principal ? 'The queue dashboard is for admins' : 'Sign in to do this', request.originalUrl));
      })
      .catch(next);
  };
  app.use(QUEUE_DASHBOARD_PATH, adminsOnly, board.getRouter());
}
