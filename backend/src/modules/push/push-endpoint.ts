import { createPublicKey } from 'node:crypto';
import { isIP } from 'node:net';
import { PUSH_ENDPOINT_MAX } from '../../contracts/push.js';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why a push endpoint is refused, or null when it is acceptable. Push services are https addresses on
 * a name (never an IP address, a port or credentials: the server posts to this address, so it must not
 * be pointed at the league's own network); `allowLocal` also takes http://127.0.0.1 and localhost,
 * for tests and demos with a local push service.
 */
export function endpointProblem(endpoint: string, allowLocal: boolean): string | null {
  if (endpoint.length > PUSH_ENDPOINT_MAX) return `Endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`;
  const url = URL.parse(endpoint);
  if (!url) return 'Endpoint must be a URL';
  if (allowLocal && LOCAL_HOSTS.has(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'Endpoint must be an https: URL';
  if (url.username || url.password) return 'Endpoint must not carry a user name or password';
  if (url.port) return 'Endpoint must use the https port';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || !host.includes('.') || LOCAL_HOSTS.has(url.hostname) || host.endsWith('.localhost')) return 'Endpoint must be a push service on a public host name';
  return null;
}

const base64url = (value: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : null);

/** Why a subscription's keys are refused: p256dh must be a P-256 public key (65 bytes, uncompressed), auth 16 bytes. */
export function keysProblem(p256dh: string, auth: string): string | null {
  const point = base64url(p256dh);
  if (!point || point.length !== 65 || point[0] !== 0x04) return 'Keys.p256dh must be an uncompressed P-256 public key in base64url';
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  } catch {
    return 'Keys.p256dh is not a point on the P-256 curve';
  }
  if (base64url(auth)?.length !== 16) return 'Keys.auth must be 16 bytes in base64url';
  return null;
}
