import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PushSubscribeRequest } from '@paddock/contracts/push.js';
import { ApiError } from '../../../lib/api/client.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { showTime } from '../../../components/dateTime.js';
import { Alert, Button, Check, Paper, Text } from '../../../components/ui/index.js';
import { pushQueries, useRemoveDevice, useSendTest, useSubscribeDevice, type PushDevice } from '../api.js';
import { currentSubscription, notificationPermission, pushSupport, subscribeThisBrowser } from '../browserPush.js';
import './deviceNotifications.css';

type Notice = { severity: 'success' | 'error' | 'info' | 'warning'; text: string } | null;

const failureText = (error: unknown, fallback: string) => {
  const message = error instanceof ApiError ? (error.body as { message?: unknown } | null)?.message : null;
  return typeof message === 'string' ? `${fallback}: ${message}` : `${fallback}.`;
};

/** Profile: "Notifications on this device" (opt-in per device), a test notification, and the user's other devices. */
export function DeviceNotifications() {
  const support = pushSupport();
  const settings = useQuery({ ...pushQueries.settings(), enabled: support === 'supported' });
  const devices = useQuery(pushQueries.devices());
  const subscribeDevice = useSubscribeDevice();
  const removeDevice = useRemoveDevice();
  const sendTest = useSendTest();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [permission, setPermission] = useState(notificationPermission);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => live && setEndpoint(subscription?.endpoint ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const thisDevice = devices.data?.find((device) => device.endpoint === endpoint) ?? null;
  const publicKey = settings.data?.publicKey ?? null;

  const turnOn = useCallback(async () => {
    if (!publicKey) return;
    const outcome = await subscribeThisBrowser(publicKey);
    if (typeof outcome === 'string') {
      setPermission(outcome);
      setNotice(outcome === 'denied' ? null : { severity: 'info', text: 'Notifications stay off: the browser was not allowed to show them.' });
      return;
    }
    setPermission('granted');
    await subscribeDevice(outcome.toJSON() as PushSubscribeRequest);
    setEndpoint(outcome.endpoint);
    setNotice({ severity: 'success', text: 'Notifications are on for this device.' });
  }, [publicKey, subscribeDevice]);

  const turnOff = useCallback(async () => {
    const subscription = await currentSubscription();
    if (thisDevice) await removeDevice(thisDevice.id);
    await subscription?.unsubscribe();
    setEndpoint(null);
    setNotice({ severity: 'success', text: 'Notifications are off for this device.' });
  }, [removeDevice, thisDevice]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setNotice(null);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      setNotice({ severity: 'error', text: failureText(error, on ? 'Notifications could not be turned on' : 'Notifications could not be turned off') });
    } finally {
      setBusy(false);
    }
  };

  const test = async (device: PushDevice) => {
    setNotice(null);
    try {
      await sendTest(device.id);
      setNotice({ severity: 'success', text: `A test notification is on its way to ${device.label}: it should appear within a few seconds.` });
    } catch (error) {
      setNotice({ severity: 'error', text: failureText(error, 'The test notification was not sent') });
    }
  };

  const remove = async (device: PushDevice) => {
    setNotice(null);
    try {
      await removeDevice(device.id);
      if (device.endpoint === endpoint) await (await currentSubscription())?.unsubscribe();
      if (device.endpoint === endpoint) setEndpoint(null);
    } catch (error) {
      setNotice({ severity: 'error', text: failureText(error, 'The device was not removed') });
    }
  };

  const unavailable =
    support === 'unsupported'
      ? 'This browser cannot receive notifications from websites.'
      : support === 'insecure'
        ? 'Notifications need the site to be opened over https.'
        : settings.data && !publicKey
          ? 'Notifications are not set up on this server.'
          : null;

  return (
    <Paper as="section" className="pd-push" aria-labelledby="device-notifications-title">
      <Text variant="h6" as="h2" id="device-notifications-title" gutterBottom>
        Push notifications
      </Text>
      {unavailable ? (
        <Alert severity="info" className="pd-push-alert">
          {unavailable}
        </Alert>
      ) : (
        <div className="pd-push-device">
          <Check
            toggle
            checked={!!thisDevice}
            disabled={busy || !publicKey || devices.isPending || permission === 'denied'}
            onChange={(event) => void toggle(event.target.checked)}
            label="Notifications on this device"
          />
          {thisDevice && (
            <Button size="small" variant="outlined" disabled={busy} onClick={() => void test(thisDevice)}>
              Send a test notification
            </Button>
          )}
        </div>
      )}
      {!unavailable && permission === 'denied' && (
        <Alert severity="warning" className="pd-push-alert">
          Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then turn them on here.
        </Alert>
      )}
      {notice && (
        <Alert severity={notice.severity} className="pd-push-alert" role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <Text variant="subtitle2" as="h3">
        Your devices
      </Text>
      <QueryContent query={devices} loading="Loading your devices" failed="Your devices could not be loaded" empty="No device receives notifications yet.">
        {(list) => (
          <ul className="pd-push-devices" aria-label="Devices that receive notifications">
            {list.map((device) => (
              <li key={device.id} className="pd-push-device-item">
                <span className="pd-push-device-text">
                  <span className="pd-push-device-name">{`${device.label}${device.endpoint === endpoint ? ' (this device)' : ''}`}</span>
                  <span className="pd-push-device-detail">
                    {`On since ${showTime(device.createdAt).dateTime}${device.lastSentAt ? ` · last notified ${showTime(device.lastSentAt).dateTime}` : ''}`}
                  </span>
                </span>
                <Button size="small" onClick={() => void remove(device)} aria-label={`Remove ${device.label}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
    </Paper>
  );
}
