import { describe, expect, it } from '@jest/globals';
import { createECDH, randomBytes } from 'node:crypto';
import { endpointProblem, keysProblem } from './push-endpoint.js';

describe('endpointProblem', () => {
  it('takes https push services on a public host name', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc:def', false)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/gAAAA', false)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/QGx', false)).toBeNull();
  });

  it.each([
    ['not a url', 'Endpoint must be a URL'],
    ['http://fcm.googleapis.com/fcm/send/x', 'Endpoint must be an https: URL'],
    ['ftp://fcm.googleapis.com/x', 'Endpoint must be an https: URL'],
    ['https://user:pw@fcm.googleapis.com/x', 'Endpoint must not carry a user name or password'],
    ['https://fcm.googleapis.com:8443/x', 'Endpoint must use the https port'],
    ['https://10.0.0.5/x', 'Endpoint must be a push service on a public host name'],
    ['https://[fd00::1]/x', 'Endpoint must be a push service on a public host name'],
    ['https://localhost/x', 'Endpoint must be a push service on a public host name'],
    ['https://intranet/x', 'Endpoint must be a push service on a public host name'],
    ['http://127.0.0.1:4000/push', 'Endpoint must be an https: URL'],
    [`https://fcm.googleapis.com/${'x'.repeat(1000)}`, 'Endpoint must be at most 1000 characters'],
  ])('refuses %s', (endpoint, problem) => {
    expect(endpointProblem(endpoint, false)).toBe(problem);
  });

  it('takes http://127.0.0.1 and localhost only when local endpoints are allowed', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/1', true)).toBeNull();
    expect(endpointProblem('http://localhost:4000/push/1', true)).toBeNull();
    expect(endpointProblem('http://10.0.0.5:4000/push/1', true)).toBe('Endpoint must be an https: URL');
  });
});

describe('keysProblem', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString('base64url');
  const auth = randomBytes(16).toString('base64url');

  it('takes a browser P-256 key and 16-byte auth secret', () => {
    expect(keysProblem(p256dh, auth)).toBeNull();
  });

  it('refuses keys of the wrong shape or off the curve', () => {
    expect(keysProblem('abc', auth)).toMatch(/^Keys.p256dh must be/);
    expect(keysProblem(Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), auth)).toBe('Keys.p256dh is not a point on the P-256 curve');
    expect(keysProblem(p256dh, randomBytes(8).toString('base64url'))).toBe('Keys.auth must be 16 bytes in base64url');
    expect(keysProblem(p256dh, 'not base64!')).toBe('Keys.auth must be 16 bytes in base64url');
  });
});
