import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import type { SessionUser } from './discord.strategy.js';

/** The session keeps only the user id; roles are read fresh on every request so grants apply at once. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  serializeUser(user: SessionUser, done: (err: unknown, id?: number) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: number, done: (err: unknown, user?: SessionUser) => void): void {
    done(null, { id });
  }
}
