import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { NOTIFICATION_KIND_LABELS, type NotificationChannels, type NotificationSettingDto } from '@paddock/contracts/notifications.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { Button, Check, Paper, Table, TableHead, Text, type Column } from '../../../components/ui/index.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { notificationQueries, useSaveNotificationSettings } from '../api.js';
import './notificationSettings.css';

const CHANNELS: [keyof NotificationChannels, string][] = [
  ['site', 'Notification centre'],
  ['push', 'Browser push'],
  ['discordDm', 'Discord DM'],
];

const COLUMNS: Column[] = ['Notify me when', ...CHANNELS.map(([, label]) => ({ label, className: 'pd-notify-channel' }))];

function SettingsForm({ settings }: { settings: NotificationSettingDto[] }) {
  const save = useSaveNotificationSettings();
  const { form, onSubmit, busy, status, controlled } = useApiForm<{ settings: NotificationSettingDto[] }, NotificationSettingDto[]>({
    defaultValues: { settings },
    submit: (values, key) => save(values.settings, key),
    onSaved: (saved) => form.reset({ settings: saved }),
    notSaved: 'Your notification settings were not saved',
    saved: 'Notification settings saved',
  });
  return (
    <form aria-label="Notification settings" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Table size="small" aria-label="Where each kind of notification goes">
        <TableHead columns={COLUMNS} />
        <tbody>
          {settings.map((setting, index) => (
            <tr key={setting.kind}>
              <th scope="row">{NOTIFICATION_KIND_LABELS[setting.kind]}</th>
              {CHANNELS.map(([channel, label]) => (
                <td key={channel} className="pd-notify-channel pd-notify-box">
                  <Controller
                    {...controlled(`settings.${index}.${channel}`, { label: `${NOTIFICATION_KIND_LABELS[setting.kind]}: ${label}` })}
                    render={({ field }) => (
                      <Check
                        aria-label={`${NOTIFICATION_KIND_LABELS[setting.kind]}: ${label}`}
                        name={field.name}
                        checked={field.value}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <FormStatusMessage status={status} />
      <Button type="submit" variant="contained" disabled={busy} className="pd-notify-save">
        Save notification settings
      </Button>
    </form>
  );
}

/** The profile's notification settings (issue #27): per kind, the centre, browser push and Discord DM. */
export default function NotificationSettings() {
  const settings = useQuery(notificationQueries.settings());
  return (
    <Paper id="notification-settings" as="section" className="pd-notify-settings" aria-labelledby="notification-settings-title">
      <Text id="notification-settings-title" variant="h6" as="h2" gutterBottom>
        What you are notified of
      </Text>
      <QueryContent query={settings} loading="Loading your notification settings" failed="Your notification settings could not be loaded">
        {(loaded) => <SettingsForm settings={loaded} />}
      </QueryContent>
    </Paper>
  );
}
