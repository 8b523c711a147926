import { describe, expect, it } from '@jest/globals';
import { installFakeApi } from '../../testing/fakeApi.js';
import { ApiError } from '../../lib/api/client.js';
import { saveWithImage } from './saveWithImage.js';

describe('saveWithImage', () => {
  it('sends the record as a JSON part and the image as `icon`, with the CSRF header', async () => {
    const fake = installFakeApi({ 'PUT /api/games': { status: 200, body: { id: 4 } } });
    const image = new File(['png'], 'logo.png', { type: 'image/png' });
    await expect(saveWithImage({ path: '/games', part: 'game', record: { name: 'GT7' }, image })).resolves.toEqual({ id: 4 });
    const init = fake.requests[0]!.init!;
    const form = init.body as FormData;
    expect(form.get('game')).toBe('{"name":"GT7"}');
    expect((form.get('icon') as File).name).toBe('logo.png');
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(init.credentials).toBe('include');
  });

  it('leaves the image out when there is none', async () => {
    const fake = installFakeApi({ 'PUT /api/cars': { status: 200, body: {} } });
    await saveWithImage({ path: '/cars', part: 'car', record: {} });
    expect((fake.requests[0]!.init!.body as FormData).has('icon')).toBe(false);
  });

  it("sends the form's Idempotency-Key", async () => {
    const fake = installFakeApi({ 'PUT /api/cars': { status: 200, body: {} } });
    await saveWithImage({ path: '/cars', part: 'car', record: {}, idempotencyKey: 'submit-1' });
    expect(fake.requests[0]!.init!.headers).toMatchObject({ 'Idempotency-Key': 'submit-1' });
  });

  it('hands a 400 back with its body, for the form to show by field', async () => {
    const body = {
      timestamp: 't',
      status: 400,
      message: 'Invalid request: name: name should not be empty',
      path: '/api/events/individual',
      errors: { name: ['name should not be empty'] },
    };
    installFakeApi({ 'PUT /api/events/individual': { status: 400, body } });
    const failure = await saveWithImage({ path: '/events/individual', part: 'event', record: {} }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 400, body });
  });
});
