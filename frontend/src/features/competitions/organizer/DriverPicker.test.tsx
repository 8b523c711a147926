import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi } from '../../../testing/fakeApi.js';
import type { DriverListItemDto } from '../types.js';
import { DriverPicker } from './DriverPicker.js';

const driver = (id: number, driverName: string, driverNumber: number, teams: string[] = []): DriverListItemDto => ({
  id,
  driverName,
  driverNumber,
  hidden: false,
  country: null,
  platforms: ['PC'],
  teams: teams.map((name, index) => ({ id: 100 + index, name })) as DriverListItemDto['teams'],
  crewRoles: [],
});
const FOUND = [driver(3, '[ 71 ] - Seventy-One', 71), driver(7, '[ 7 ] - Speedy', 7, ['Apex']), driver(8, '[ 17 ] - Slow', 17)];

function renderPicker(picked: DriverListItemDto[], excluded?: ReadonlySet<number>) {
  installFakeApi({ 'GET /api/profile/list': { status: 200, body: { content: FOUND, pageNumber: 0, pageSize: 10, totalElements: 3, totalPages: 1 } } });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DriverPicker label="Add driver (number or name)" helperText="The next finisher" onPick={(found) => picked.push(found)} excluded={excluded} />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Add driver (number or name)' });
}

describe('the driver search', () => {
  it('is a combobox whose list opens as one types, the driver with the typed number first and highlighted, taken with Enter', async () => {
    const picked: DriverListItemDto[] = [];
    const field = renderPicker(picked);
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAccessibleDescription('The next finisher');
    await userEvent.type(field, '7');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox');
    expect(field).toHaveAttribute('aria-controls', listbox.id);
    await within(listbox).findByRole('option', { name: '[ 7 ] - Speedy · Apex' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['[ 7 ] - Speedy · Apex', '[ 71 ] - Seventy-One', '[ 17 ] - Slow']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await userEvent.keyboard('{Enter}');
    expect(picked.map((found) => found.id)).toEqual([7]);
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves the highlight with the arrows (focus stays in the field), closes with Escape, and takes a clicked driver', async () => {
    const picked: DriverListItemDto[] = [];
    const field = renderPicker(picked, new Set([8]));
    await userEvent.type(field, '7');
    await screen.findByRole('option', { name: '[ 7 ] - Speedy · Apex' });
    expect(screen.getAllByRole('option')).toHaveLength(2);

    await userEvent.keyboard('{ArrowDown}');
    const second = screen.getByRole('option', { name: '[ 71 ] - Seventy-One' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', second.id);
    expect(field).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: '[ 7 ] - Speedy · Apex' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    expect(picked).toEqual([]);
    expect(field).toHaveValue('7');

    await userEvent.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('option', { name: '[ 71 ] - Seventy-One' }));
    expect(picked.map((found) => found.id)).toEqual([3]);
  });

  it('says when nothing matches', async () => {
    installFakeApi({ 'GET /api/profile/list': { status: 200, body: { content: [], pageNumber: 0, pageSize: 10, totalElements: 0, totalPages: 0 } } });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DriverPicker label="Driver for Guest" onPick={() => undefined} />
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Driver for Guest' }), 'zz');
    expect(await screen.findByText('No driver matches')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toEqual([]);
  });
});
