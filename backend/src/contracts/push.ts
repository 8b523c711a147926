/** Web push (issue #27): the VAPID key browsers subscribe with, and each user's devices that receive notifications. */
import { created, noContent, route } from './http.js';

/** What the browser needs to subscribe; `publicKey` is null when this server sends no web push (production without VAPID keys). */
export interface PushSettings {
  publicKey: string | null;
}

/** One of the caller's devices that receives notifications. */
export interface PushDevice {
  id: number;
  /** Browser and system, read from the user agent that subscribed ("Chrome on Android"). */
  label: string;
  /** The push service's address for this device; the browser compares it with its own subscription. */
  endpoint: string;
  createdAt: string;
  /** When a notification last reached the push service for it; null: none yet. */
  lastSentAt: string | null;
}

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export interface PushSubscribeRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** How many notifications were queued. */
export interface PushTestAnswer {
  queued: number;
}

/** What a notification shows: its title, text, and the page it opens when clicked (a path of this site). */
export interface PushPayload {
  title: string;
  body: string;
  link: string;
  /** Notifications with one tag replace each other on the device. */
  tag?: string;
}

export const PUSH_ENDPOINT_MAX = 1000;

export const pushRoutes = {
  'GET /push/settings': route<PushSettings>('signedIn'),
  /** The caller's own devices, newest first. */
  'GET /push/devices': route<PushDevice[]>('signedIn'),
  /** Turns notifications on for this browser; subscribing again (or from another account) updates the one record of its endpoint. */
  'POST /push/devices': created<PushDevice, PushSubscribeRequest>('signedIn'),
  /** Turns notifications off for one of the caller's devices (404 for anyone else's). */
  'DELETE /push/devices/:id': noContent('signedIn'),
  /** Sends a test notification to one of the caller's devices (rate-limited). */
  'POST /push/devices/:id/test': route<PushTestAnswer>('signedIn'),
} as const;
