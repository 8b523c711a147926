import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { checkInteractionSignature, ed25519PublicKey, signInteraction, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './interaction-signature.js';
import { rawPublicKeyHex, standInPrivateKey, standInPublicKeyHex } from './stand-in/stand-in-key.js';

const BODY = '{"type":1,"id":"1","token":"t"}';
const AT = new Date('2026-11-26T05:00:00Z');
const publicKey = ed25519PublicKey(standInPublicKeyHex());
const headersOf = (signed: Record<string, string>) => ({ signature: signed[SIGNATURE_HEADER], timestamp: signed[TIMESTAMP_HEADER] });
const check = (signed: Record<string, string>, body = BODY, now = AT) => checkInteractionSignature(publicKey, headersOf(signed), Buffer.from(body), now);

describe("Discord's interaction signature (Ed25519 over timestamp + body)", () => {
  it('accepts a body signed with the application key within 5 minutes either way', () => {
    const signed = signInteraction(standInPrivateKey(), BODY, AT);
    expect(signed[TIMESTAMP_HEADER]).toBe(String(AT.getTime() / 1000));
    expect(check(signed)).toBe('valid');
    expect(check(signed, BODY, new Date(AT.getTime() + 300_000))).toBe('valid');
    expect(check(signed, BODY, new Date(AT.getTime() - 300_000))).toBe('valid');
  });

  it('refuses another key, a changed body, a changed timestamp and a malformed signature', () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(check(signInteraction(other, BODY, AT))).toBe('bad-signature');
    const signed = signInteraction(standInPrivateKey(), BODY, AT);
    expect(check(signed, BODY.replace('"t"', '"u"'))).toBe('bad-signature');
    expect(check({ ...signed, [TIMESTAMP_HEADER]: String(AT.getTime() / 1000 + 1) })).toBe('bad-signature');
    expect(check({ ...signed, [SIGNATURE_HEADER]: 'zz' })).toBe('bad-signature');
    expect(check({ ...signed, [TIMESTAMP_HEADER]: 'yesterday' })).toBe('bad-signature');
  });

  it('calls a well-signed request older (or newer) than 5 minutes stale, and one without the headers missing', () => {
    const signed = signInteraction(standInPrivateKey(), BODY, AT);
    expect(check(signed, BODY, new Date(AT.getTime() + 301_000))).toBe('stale');
    expect(check(signed, BODY, new Date(AT.getTime() - 301_000))).toBe('stale');
    expect(check({})).toBe('missing');
    expect(check({ [SIGNATURE_HEADER]: signed[SIGNATURE_HEADER] })).toBe('missing');
  });

  it("reads Discord's hex public key form, the same the stand-in's key exports", () => {
    const pair = generateKeyPairSync('ed25519');
    const hex = rawPublicKeyHex(pair.publicKey);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    expect(checkInteractionSignature(ed25519PublicKey(hex), headersOf(signInteraction(pair.privateKey, BODY, AT)), Buffer.from(BODY), AT)).toBe('valid');
  });
});
