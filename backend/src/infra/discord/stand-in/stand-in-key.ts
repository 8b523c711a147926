import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * The Discord stand-in's own bot application: its id, bot token and the Ed25519 key it signs
 * interactions with. Public on purpose — the stand-in runs only without Discord credentials, never in
 * production — so the demo and the tests sign interactions exactly as Discord does.
 */
export const STAND_IN_APPLICATION_ID = '1000000000000000002';
export const STAND_IN_BOT_TOKEN = 'paddock-stand-in-bot-token';

// A fixed 32-byte seed wrapped in PKCS#8 (the DER prefix of an Ed25519 private key).
const PKCS8_ED25519_PREFIX = '302e020100300506032b657004220420';
const STAND_IN_SEED = '5061646f636b207374616e642d696e2064697363c3b2726420626f74206b6579';

export function standInPrivateKey(): KeyObject {
  return createPrivateKey({ key: Buffer.from(PKCS8_ED25519_PREFIX + STAND_IN_SEED, 'hex'), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte public key in hex, as Discord shows an application's "public key". */
export function standInPublicKeyHex(): string {
  return rawPublicKeyHex(createPublicKey(standInPrivateKey()));
}

export function rawPublicKeyHex(key: KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
}
