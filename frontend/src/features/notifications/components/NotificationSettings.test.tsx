import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { NotificationSettingDto } from '@paddock/contracts/notifications.js';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import NotificationSettings from './NotificationSettings.js';

const SETTINGS: NotificationSettingDto[] = [
  { kind: 'race-starting', site: true, push: true, discordDm: true },
  { kind: 'results-posted', site: true, push: false, discordDm: false },
];

describe('the notification settings', () => {
  it('shows a box a kind and channel, named by both, and saves what was ticked', async () => {
    const fake = installFakeApi({
      'GET /api/notifications/settings': { status: 200, body: SETTINGS },
      'PUT /api/notifications/settings': (init) => ({ status: 200, body: (JSON.parse(String(init?.body)) as { settings: NotificationSettingDto[] }).settings }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationSettings />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Where each kind of notification goes' });
    expect(screen.getByRole('columnheader', { name: 'Browser push' })).toBeInTheDocument();
    const push = screen.getByRole('checkbox', { name: 'Results posted for a race you raced: Browser push' });
    expect(push).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'A race you joined starts in 30 minutes: Discord DM' })).toBeChecked();
    expect(table).toContainElement(push);

    await userEvent.click(push);
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    const sent = JSON.parse(String(fake.requests.find((request) => request.key === 'PUT /api/notifications/settings')!.init!.body)) as { settings: NotificationSettingDto[] };
    expect(sent.settings[1]).toEqual({ kind: 'results-posted', site: true, push: true, discordDm: false });
  });
});
