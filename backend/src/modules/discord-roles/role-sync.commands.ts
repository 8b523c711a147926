import { ConflictException, Injectable } from '@nestjs/common';
import type { RoleSyncPlan, RoleSyncRun } from '../../contracts/discord-roles.js';
import { RoleSyncQueue } from './role-sync.queue.js';
import { RoleSyncService } from './role-sync.service.js';

/** The admins' role sync screen: the plan, starting the job that applies it, and its progress. */
@Injectable()
export class RoleSyncCommands {
  constructor(
    private readonly sync: RoleSyncService,
    private readonly queue: RoleSyncQueue,
  ) {}

  plan(): Promise<RoleSyncPlan> {
    return this.sync.plan();
  }

  /** Starts applying the plan when it is still the one reviewed (else 409: review it again). */
  async apply(reviewed: string): Promise<RoleSyncRun> {
    const plan = await this.sync.plan();
    if (plan.version !== reviewed) throw new ConflictException('The plan has changed since you reviewed it: review it again before applying it');
    return this.queue.start();
  }

  latest(): Promise<RoleSyncRun> {
    return this.queue.latest();
  }
}
