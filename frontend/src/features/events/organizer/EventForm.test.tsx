import { describe, expect, it } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '../../../lib/query/queryClient.js';
import { installFakeApi, type FakeReply } from '../../../testing/fakeApi.js';
import { detailsFixture, SPA } from '../testing/eventFixture.js';
import type { EventDetailsDto } from '../types.js';
import { EventForm } from './EventForm.js';
import { emptyEventForm } from './eventForm.js';

const GAME = { id: 1, name: 'Forza Motorsport', icon: null, platforms: ['PC', 'XBOX'], crossPlayPlatforms: [] };
const TRACK = { id: 2, gameId: 1, name: SPA.trackName, country: 'BE', icon: null, variants: [{ id: SPA.id, name: SPA.name, lengthMeters: SPA.lengthMeters }] };

function renderForm(save: FakeReply) {
  const fake = installFakeApi({
    'GET /api/games': { status: 200, body: [GAME] },
    'GET /api/games/1/tracks': { status: 200, body: [TRACK] },
    'PUT /api/events/individual': save,
  });
  const saved: EventDetailsDto[] = [];
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EventForm kind="individual" initial={emptyEventForm()} onSaved={(event) => saved.push(event)} />
    </QueryClientProvider>,
  );
  return { fake, saved };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
/** The helper text under a field (MUI links it by aria-describedby). */
const helpOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

async function choose(label: RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillValidEvent() {
  await userEvent.type(field(/^Name/), 'Friday GT3');
  fireEvent.change(screen.getByLabelText(/^Start/), { target: { value: '2026-12-04T20:00' } });
  await choose(/^Game/, 'Forza Motorsport');
  await userEvent.click(await screen.findByRole('checkbox', { name: 'PC' }));
  await choose(/^Track/, `${SPA.trackName} — ${SPA.name}`);
}

describe('the event form', () => {
  it('names what each field needs in words before anything is sent', async () => {
    const { fake } = renderForm({ status: 500 });
    await userEvent.clear(field(/^Seats/));
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Start is required')).toBeInTheDocument();
    expect(screen.getByText('Game is required')).toBeInTheDocument();
    expect(screen.getByText('Platforms is required')).toBeInTheDocument();
    expect(screen.getByText('Seats is required')).toBeInTheDocument();
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(screen.queryByText(/must be|nested property|should not be empty/)).not.toBeInTheDocument();
    expect(fake.calls.filter((call) => call.startsWith('PUT'))).toEqual([]);
  });

  it('warns beside a start in the past before anything is saved', async () => {
    renderForm({ status: 500 });
    const start = screen.getByLabelText(/^Start/);
    fireEvent.change(start, { target: { value: '2020-01-10T20:00' } });
    expect(await screen.findByText('This start is in the past: drivers cannot join an event that has already started.')).toBeInTheDocument();
    fireEvent.change(start, { target: { value: '2099-01-10T20:00' } });
    expect(helpOf(start)).toMatch(/^Your time zone: /);
  });

  it("clears a field's message as soon as that field changes, leaving the others", async () => {
    renderForm({ status: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await screen.findByText('Name is required');

    await userEvent.type(field(/^Name/), 'F');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByText('Game is required')).toBeInTheDocument();

    await choose(/^Game/, 'Forza Motorsport');
    await waitFor(() => expect(screen.queryByText('Game is required')).not.toBeInTheDocument());
    expect(screen.getByText('Start is required')).toBeInTheDocument();
  });

  it("shows the API's 400 beside the fields it names, lists the rest, and clears each when its field changes", async () => {
    const { fake } = renderForm({
      status: 400,
      body: {
        timestamp: '2026-01-01T00:00:00Z',
        status: 400,
        message: 'Validation failed',
        path: '/api/events/individual',
        errors: {
          name: ['An event with this name is already planned that day'],
          'raceEvents.0.track.id': ['Track variant 3 is not a track of this game'],
          sponsor: ['sponsor is not allowed'],
        },
      },
    });
    await fillValidEvent();
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));

    expect(await screen.findByText('An event with this name is already planned that day')).toBeInTheDocument();
    expect(helpOf(field(/^Name/))).toBe('An event with this name is already planned that day');
    expect(screen.getByText('Track variant 3 is not a track of this game')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Please correct the marked fields.');
    expect(within(alert).getByText('sponsor is not allowed')).toBeInTheDocument();
    const body = JSON.parse((fake.requests.find((request) => request.key.startsWith('PUT'))!.init!.body as FormData).get('event') as string);
    expect(body).toMatchObject({ name: 'Friday GT3', game: { id: 1 }, platforms: ['PC'], seats: 20, raceEvents: [{ track: { id: SPA.id } }] });

    await userEvent.type(field(/^Name/), '!');
    expect(screen.queryByText('An event with this name is already planned that day')).not.toBeInTheDocument();
    expect(screen.getByText('Track variant 3 is not a track of this game')).toBeInTheDocument();
  });

  it('hands the saved event back', async () => {
    const { saved } = renderForm({ status: 200, body: detailsFixture({ id: 12 }) });
    await fillValidEvent();
    await userEvent.click(screen.getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(saved.map((event) => event.id)).toEqual([12]));
  });
});
