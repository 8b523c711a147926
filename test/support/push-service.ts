import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A browser's side of web push, for tests: its subscription (a real P-256 key pair and auth secret) and
 * the decryption of what a push service hands it (RFC 8291, aes128gcm, RFC 8188 framing), written
 * with node:crypto alone so the server's encryption is checked by independent code.
 */
export class TestBrowser {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  subscription(): { endpoint: string; keys: { p256dh: string; auth: string } } {
    return { endpoint: this.endpoint, keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.auth.toString('base64url') } };
  }

  /** The plaintext of an aes128gcm body encrypted to this browser; throws when it does not decrypt (wrong keys, tampered). */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body[20];
    const senderPublicKey = body.subarray(21, 21 + idLength);
    const records = body.subarray(21 + idLength);
    if (idLength !== 65) throw new Error(`The key id is the sender's 65-byte public key, got ${idLength} bytes`);
    if (records.length > recordSize) throw new Error('Web push sends one record');
    const receiverPublicKey = this.ecdh.getPublicKey();
    const sharedSecret = this.ecdh.computeSecret(senderPublicKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublicKey, senderPublicKey]);
    const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, this.auth, keyInfo, 32));
    const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
    decipher.setAuthTag(records.subarray(records.length - 16));
    const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then any zero padding.
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 0x02) throw new Error('The last record has no 0x02 delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Checks a push request's `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the JWT is ES256,
 * signed by the key `k` names; answers the key and the JWT's claims.
 */
export function verifyVapid(authorization: string | undefined): { publicKey: string; claims: VapidClaims } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`No VAPID authorization: ${authorization}`);
  const [, token, publicKey] = match;
  const [header, payload, signature] = token.split('.');
  const { typ, alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { typ?: string; alg?: string };
  if (typ !== 'JWT' || alg !== 'ES256') throw new Error(`The VAPID JWT must be an ES256 JWT, got ${typ} ${alg}`);
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('The VAPID JWT signature does not verify with its k key');
  return { publicKey, claims: JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local push service: an HTTP server that keeps every request it receives and answers each path with
 * the statuses queued for it (`answer('/push/1', 410)`), then 201 as a push service does.
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private readonly answers = new Map<string, number[]>();
  private server!: Server;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = this.answers.get(path)?.shift() ?? 201;
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device's endpoint on this service. */
  endpoint(name: string): string {
    return `${this.origin}/push/${name}`;
  }

  answer(endpoint: string, ...statuses: number[]): void {
    const path = new URL(endpoint).pathname;
    this.answers.set(path, [...(this.answers.get(path) ?? []), ...statuses]);
  }

  to(endpoint: string): ReceivedPush[] {
    const path = new URL(endpoint).pathname;
    return this.received.filter((push) => push.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
