import { afterEach, describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PushDevice } from '@paddock/contracts/push.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import { DeviceNotifications } from './DeviceNotifications.js';

const ENDPOINT = 'https://push.example.com/device-1';
const KEY = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
const DEVICE: PushDevice = { id: 7, label: 'Chrome on Linux', endpoint: ENDPOINT, createdAt: '2026-11-20T18:00:00Z', lastSentAt: null };

/** A browser with push: a service worker registration whose push manager hands out one subscription. */
function installBrowserPush(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async () => (current = subscription),
    },
  };
  const notification = { permission, requestPermission: async () => answer };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, register: async () => registration, ready: Promise.resolve(registration) },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(window, 'Notification', { configurable: true, value: notification });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  return { subscribed: () => current };
}

afterEach(() => {
  for (const name of ['PushManager', 'Notification', 'isSecureContext'] as const) Reflect.deleteProperty(window, name);
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const renderPanel = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DeviceNotifications />
    </QueryClientProvider>,
  );

describe('Notifications on this device', () => {
  it('says when the browser has no push, and still lists the devices (or that there are none)', async () => {
    installFakeApi({ 'GET /api/push/devices': { status: 200, body: [] } });
    renderPanel();
    expect(await screen.findByText('This browser cannot receive notifications from websites.')).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Notifications on this device' })).not.toBeInTheDocument();
    expect(await screen.findByText('No device receives notifications yet.')).toBeInTheDocument();
  });

  it('says how to allow notifications when the browser blocks them, with the switch off', async () => {
    installBrowserPush('denied');
    installFakeApi({ 'GET /api/push/settings': { status: 200, body: { publicKey: KEY } }, 'GET /api/push/devices': { status: 200, body: [] } });
    renderPanel();
    expect(await screen.findByText(/Notifications are blocked for this site in your browser/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Notifications on this device' })).toBeDisabled();
  });

  it('turns notifications on (permission, subscription sent to the server), sends a test, and turns them off', async () => {
    const browser = installBrowserPush('default');
    let devices: PushDevice[] = [];
    const fake = installFakeApi({
      'GET /api/push/settings': { status: 200, body: { publicKey: KEY } },
      'GET /api/push/devices': () => ({ status: 200, body: devices }),
      'POST /api/push/devices': () => {
        devices = [DEVICE];
        return { status: 201, body: DEVICE };
      },
      'POST /api/push/devices/7/test': { status: 200, body: { queued: 1 } },
      'DELETE /api/push/devices/7': () => {
        devices = [];
        return { status: 204 };
      },
    });
    renderPanel();
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    await screen.findByText('No device receives notifications yet.');
    await userEvent.click(toggle);
    expect(await screen.findByText('Notifications are on for this device.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    const sent = fake.requests.find((request) => request.key === 'POST /api/push/devices');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(screen.getByText('Chrome on Linux (this device)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText(/A test notification is on its way to Chrome on Linux/)).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(await screen.findByText('Notifications are off for this device.')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
    expect(browser.subscribed()).toBeNull();
    expect(fake.calls).toContain('DELETE /api/push/devices/7');
  });

  it('says why a test was refused (over the limit)', async () => {
    installBrowserPush('granted');
    installFakeApi({
      'GET /api/push/settings': { status: 200, body: { publicKey: KEY } },
      'GET /api/push/devices': { status: 200, body: [DEVICE] },
      'POST /api/push/devices': { status: 201, body: DEVICE },
      'POST /api/push/devices/7/test': {
        status: 429,
        body: { timestamp: '2026-11-26T05:00:00Z', status: 429, message: 'Too many requests; try again in 60 s', path: '/api/push/devices/7/test' },
      },
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('switch', { name: 'Notifications on this device' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The test notification was not sent: Too many requests; try again in 60 s');
  });
});
