import { describe, expect, it } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeReply } from '../../../testing/fakeApi.js';
import { seasonFixture } from '../testing/competitionFixture.js';
import type { SeasonDto, SeasonRequest } from '../types.js';
import { SeasonForm } from './SeasonForm.js';
import { emptySeasonForm, parsePointsTable, pointsSystemFrom, pointsSystemValues, presetOf, SEASON_CHECKS, type SeasonFormValues } from './seasonForm.js';

function renderForm(save: FakeReply, initial: SeasonFormValues = emptySeasonForm()) {
  const fake = installFakeApi({ 'PUT /api/competitions/2/seasons': save });
  const saved: SeasonDto[] = [];
  render(<SeasonForm competitionId={2} initial={initial} onSaved={(season) => saved.push(season)} />);
  return { fake, saved };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const sent = (fake: ReturnType<typeof installFakeApi>) => JSON.parse(String(fake.requests.find((request) => request.key.startsWith('PUT'))!.init!.body)) as SeasonRequest;

async function retype(name: RegExp, text: string) {
  await userEvent.clear(field(name));
  if (text) await userEvent.paste(text);
}

describe('points tables as typed', () => {
  it('reads dashes, commas or spaces, and refuses what is not a table, saying why', () => {
    expect(parsePointsTable('25-18-15')).toEqual({ ok: true, table: [25, 18, 15] });
    expect(parsePointsTable(' 10, 8 6;4 ')).toEqual({ ok: true, table: [10, 8, 6, 4] });
    expect(parsePointsTable('2.5-1.25')).toEqual({ ok: true, table: [2.5, 1.25] });
    expect(parsePointsTable('')).toEqual({ ok: false, message: 'Enter the points for P1, P2, … e.g. 25-18-15' });
    expect(parsePointsTable('25-x-15')).toEqual({ ok: false, message: 'P2: "x" is not a number of points from 0 to 1000' });
    expect(parsePointsTable('25-1001')).toEqual({ ok: false, message: 'P2: "1001" is not a number of points from 0 to 1000' });
    expect(parsePointsTable('10-12-8')).toEqual({ ok: false, message: 'P2 scores more than P1: points must not rise down the order' });
    expect(parsePointsTable(Array.from({ length: 101 }, () => '1').join('-'))).toEqual({ ok: false, message: 'A points table has at most 100 positions' });
  });

  it('recognises a preset table, and calls anything else custom', () => {
    expect(presetOf('25-18-15-12-10-8-6-4-2-1')).toBe('F1');
    expect(presetOf('8 7 6 5 4 3 2 1')).toBe('SPRINT');
    expect(presetOf('25-18-15')).toBe('CUSTOM');
  });

  it('round-trips a points system through the form values', () => {
    const system = {
      ...seasonFixture().pointsSystem,
      tables: { RACE: [10, 5], SPRINT: [3, 1] },
      preset: 'CUSTOM' as const,
      countBestRounds: 6,
      neverDropLastRounds: 1,
      teamBestDrivers: 2,
      minDrivingSharePercent: 30,
    };
    expect(pointsSystemFrom(pointsSystemValues(system))).toEqual(system);
  });

  it('checks the drop rounds only while drops are on, and never more kept-last rounds than counted ones', () => {
    const values = emptySeasonForm();
    expect(SEASON_CHECKS.countBestRounds('', values)).toBe(true);
    const dropping = { ...values, points: { ...values.points, dropRounds: true, countBestRounds: '6' } };
    expect(SEASON_CHECKS.countBestRounds('0', dropping)).toBe('How many rounds count: a whole number from 1 to 100');
    expect(SEASON_CHECKS.neverDropLastRounds('7', dropping)).toBe('At most the 6 rounds that count');
    expect(SEASON_CHECKS.neverDropLastRounds('2', dropping)).toBe(true);
  });
});

describe('the season form', () => {
  it('names what each field needs in words before anything is sent', async () => {
    const { fake } = renderForm({ status: 500 });
    await retype(/^Race points/, '25-30');
    await retype(/^Pole position/, '-1');
    await retype(/^Minimum distance/, '120');
    await retype(/^Only inside the top/, '0');
    await userEvent.click(screen.getByRole('checkbox', { name: "Count only each driver's best rounds" }));
    await retype(/^Rounds that count/, '');
    await userEvent.click(screen.getByRole('button', { name: 'Create season' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('P2 scores more than P1: points must not rise down the order')).toBeInTheDocument();
    expect(screen.getByText('Pole bonus: points from 0 to 100 (0 for none)')).toBeInTheDocument();
    expect(screen.getByText('A whole percent from 0 to 100 (0: no minimum)')).toBeInTheDocument();
    expect(screen.getByText('A position from 1 to 100, or empty for anyone classified')).toBeInTheDocument();
    expect(screen.getByText('How many rounds count: a whole number from 1 to 100')).toBeInTheDocument();
    expect(field(/^Race points/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(fake.calls).toEqual([]);

    await retype(/^Race points/, '25-18');
    expect(screen.queryByText('P2 scores more than P1: points must not rise down the order')).not.toBeInTheDocument();
  });

  it('fills the race table from a preset, and turns the preset to Custom when the table is edited', async () => {
    renderForm({ status: 500 });
    expect(field(/^Race points/)).toHaveValue('25-18-15-12-10-8-6-4-2-1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Preset' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sprint (8-7-6-5-4-3-2-1)' }));
    expect(field(/^Race points/)).toHaveValue('8-7-6-5-4-3-2-1');
    await userEvent.type(field(/^Race points/), '-0');
    expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveTextContent('Custom');
  });

  it('sends the whole points system and hands the saved season back', async () => {
    const { fake, saved } = renderForm({ status: 200, body: seasonFixture({ id: 9 }) });
    await userEvent.type(field(/^Name/), 'Season 6');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sprint races score their own table' }));
    await userEvent.click(screen.getByRole('checkbox', { name: "Count only each driver's best rounds" }));
    await retype(/^Rounds that count/, '6');
    await retype(/^Last rounds never dropped/, '1');
    await retype(/^No-show penalty/, '5');
    await retype(/^Team scores/, '2');
    await retype(/^Minimum driving share/, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Create season' }));
    await waitFor(() => expect(saved.map((season) => season.id)).toEqual([9]));
    expect(sent(fake)).toEqual({
      name: 'Season 6',
      rules: null,
      pointsSystem: {
        preset: 'F1',
        tables: { RACE: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], SPRINT: [8, 7, 6, 5, 4, 3, 2, 1] },
        bonuses: { pole: 0, fastestLap: 1, onlyInsideTop: 10 },
        minimumDistancePercent: 75,
        minDrivingSharePercent: 25,
        countBestRounds: 6,
        neverDropLastRounds: 1,
        noShowPenalty: 5,
        dnfScores: false,
        teamBestDrivers: 2,
      },
    });
  });

  it("shows the API's 400 beside the field it names", async () => {
    renderForm({
      status: 400,
      body: {
        status: 400,
        message: 'Validation failed',
        path: '',
        timestamp: '',
        errors: { 'pointsSystem.bonuses.fastestLap': ['bonuses.fastestLap must be a number of points from 0 to 100'] },
      },
    });
    await userEvent.type(field(/^Name/), 'Season 6');
    await userEvent.click(screen.getByRole('button', { name: 'Create season' }));
    expect(await screen.findByText('bonuses.fastestLap must be a number of points from 0 to 100')).toBeInTheDocument();
    expect(field(/^Fastest lap/)).toHaveAttribute('aria-invalid', 'true');
  });
});
