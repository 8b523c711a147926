import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { NOTIFICATION_KIND_LABELS, type NotificationChannels, type NotificationSettingDto } from '@paddock/contracts/notifications.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { notificationQueries, useSaveNotificationSettings } from '../api.js';

const CHANNELS: [keyof NotificationChannels, string][] = [
  ['site', 'Notification centre'],
  ['push', 'Browser push'],
  ['discordDm', 'Discord DM'],
];

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
    <Box component="form" aria-label="Notification settings" noValidate onSubmit={onSubmit}>
      <TableContainer>
        <Table size="small" aria-label="Where each kind of notification goes">
          <TableHead>
            <TableRow>
              <TableCell>Notify me when</TableCell>
              {CHANNELS.map(([channel, label]) => (
                <TableCell key={channel} align="center">
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {settings.map((setting, index) => (
              <TableRow key={setting.kind}>
                <TableCell component="th" scope="row">
                  {NOTIFICATION_KIND_LABELS[setting.kind]}
                </TableCell>
                {CHANNELS.map(([channel, label]) => (
                  <TableCell key={channel} align="center" padding="checkbox">
                    <Controller
                      {...controlled(`settings.${index}.${channel}`, { label: `${NOTIFICATION_KIND_LABELS[setting.kind]}: ${label}` })}
                      render={({ field }) => (
                        <Checkbox
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          onBlur={field.onBlur}
                          slotProps={{ input: { 'aria-label': `${NOTIFICATION_KIND_LABELS[setting.kind]}: ${label}` } }}
                        />
                      )}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <FormStatusMessage status={status} />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
        Save notification settings
      </Button>
    </Box>
  );
}

/** The profile's notification settings (issue #27): per kind, the centre, browser push and Discord DM. */
export default function NotificationSettings() {
  const settings = useQuery(notificationQueries.settings());
  return (
    <Paper id="notification-settings" variant="outlined" component="section" aria-labelledby="notification-settings-title" sx={{ p: 2, my: 3, scrollMarginTop: 80 }}>
      <Typography id="notification-settings-title" variant="h6" component="h2" gutterBottom>
        What you are notified of
      </Typography>
      <QueryContent query={settings} loading="Loading your notification settings" failed="Your notification settings could not be loaded">
        {(loaded) => <SettingsForm settings={loaded} />}
      </QueryContent>
    </Paper>
  );
}
