import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { SignInRefusedException } from './discord-auth.guard.js';

/** A refused sign-in goes back to Home with `authFailed`, where the client shows the 'Login error' hints. */
@Catch(SignInRefusedException)
export class SignInRefusedFilter implements ExceptionFilter {
  catch(_exception: SignInRefusedException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().redirect('/?authFailed=true');
  }
}
