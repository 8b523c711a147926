/** Signing out (SPEC §4). Signing in is Discord's OAuth flow: browser navigations outside the contract (see auth.controller.ts). */
import { noContent } from './http.js';

export const authRoutes = {
  /** The session is ended server-side, its cookie cleared, and its open sockets leave the signed-in user's rooms. */
  'POST /logout': noContent('public'),
} as const;
