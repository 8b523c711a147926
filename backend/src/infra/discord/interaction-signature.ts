import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

declare module 'node:http' {
  interface IncomingMessage {
    /** The bytes of a Discord interaction's body, which its signature covers (kept for that path only). */
    rawBody?: Buffer;
  }
}

/** Where Discord sends interactions (the REST contract's `POST /discord/interactions`). */
export const INTERACTIONS_PATH = '/api/discord/interactions';

/** Keeps the raw body of an interaction while JSON is parsed: the signature is over those exact bytes. */
export function keepInteractionBody(request: IncomingMessage, body: Buffer): void {
  if (request.url?.split('?')[0] === INTERACTIONS_PATH) request.rawBody = body;
}

/** How old a signed interaction may be: older ones are refused as replays. */
export const INTERACTION_MAX_AGE_SECONDS = 5 * 60;

export const SIGNATURE_HEADER = 'x-signature-ed25519';
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

export type SignatureCheck = 'valid' | 'missing' | 'bad-signature' | 'stale';

// The DER prefix of an Ed25519 SubjectPublicKeyInfo: the 32 raw key bytes follow it.
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A public key from Discord's hex form (the application's "public key"). */
export function ed25519PublicKey(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

/**
 * Discord's interaction signature: Ed25519 over the timestamp header followed by the raw body. A
 * timestamp more than 5 minutes from `now` (either way) is stale even when the signature holds.
 */
export function checkInteractionSignature(
  publicKey: KeyObject,
  headers: { signature: string | undefined; timestamp: string | undefined },
  rawBody: Buffer,
  now: Date,
): SignatureCheck {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp) return 'missing';
  if (!/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp)) return 'bad-signature';
  const signed = verify(null, Buffer.concat([Buffer.from(timestamp), rawBody]), publicKey, Buffer.from(signature, 'hex'));
  if (!signed) return 'bad-signature';
  return Math.abs(now.getTime() / 1000 - Number(timestamp)) > INTERACTION_MAX_AGE_SECONDS ? 'stale' : 'valid';
}

/** The headers Discord sends with a body it signed at `at` (the stand-in's and the tests' side). */
export function signInteraction(privateKey: KeyObject, body: string, at: Date): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), privateKey).toString('hex');
  return { [SIGNATURE_HEADER]: signature, [TIMESTAMP_HEADER]: timestamp };
}
