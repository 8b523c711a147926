/** This browser's side of web push: whether it can, its permission, and its subscription through the service worker at /sw.js. */

export type PushSupport = 'supported' | 'insecure' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return window.isSecureContext ? 'supported' : 'insecure';
}

export const notificationPermission = (): NotificationPermission => (pushSupport() === 'supported' ? Notification.permission : 'default');

/** A base64url VAPID key as the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (key: ArrayBuffer | null | undefined, expected: Uint8Array) => {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === expected.length && bytes.every((byte, i) => byte === expected[i]);
};

/** This browser's current subscription, without registering anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission (when not yet given), registers the service worker and subscribes with the
 * server's key; a subscription made with another key (the server's changed) is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription | NotificationPermission> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const applicationServerKey = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}
