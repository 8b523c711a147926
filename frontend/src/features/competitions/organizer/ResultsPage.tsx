import { useDeferredValue, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '../../../app/pages/NotFoundPage.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { showTime } from '../../../components/dateTime.js';
import { Alert, Button, ButtonLink, Container, Paper, Skeleton, Text } from '../../../components/ui/index.js';
import { mapFailure } from '../../../lib/forms/apiErrors.js';
import { routeId } from '../../../components/routeId.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { competitionCommands, competitionKeys, competitionQueries, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import { InlineFailure, isNotFound, LoadFailureState, NotFoundState } from '../components/LoadStates.js';
import { raceLabel } from '../labels.js';
import type { RaceResultsDto } from '../types.js';
import { ImportPanel } from './ImportPanel.js';
import { LiveDraftPanel } from './LiveDraftPanel.js';
import { organizerPaths } from './organizerPaths.js';
import { RaceTabs } from './RaceTabs.js';
import { ResultsGrid } from './ResultsGrid.js';
import { COLUMN_LABELS, checkRows, gridChanged, gridFieldOf, resultsRequestFrom, rowsFromResults, type GridColumn, type GridErrors, type GridRow } from './resultsGrid.js';
import { RevisionHistory } from './RevisionHistory.js';
import { useFutureRaceConfirmation } from './useFutureRaceConfirmation.js';
import './results.css';

const NOT_SAVED = 'The results were not saved';

/**
 * A refused save on the grid (mapFailure): the API's 400 by cell (`results.3.laps` → the fourth row's Laps, said
 * with the column's label), a row's own message as a line naming the row, the rest as lines; `summary` when
 * nothing is marked.
 */
function failureOnGrid(error: unknown, rows: GridRow[]): { errors: GridErrors; others: string[]; summary: string } {
  const at = (cell: string) => {
    const [row, column] = cell.split(':');
    return { index: Number(row), column: (column || null) as GridColumn | null };
  };
  const mapped = mapFailure<string>(error, {
    fieldOf: (path) => {
      const field = gridFieldOf(path);
      return field && rows[field.row] ? `${field.row}:${field.column ?? ''}` : null;
    },
    labelOf: (cell) => {
      const { column } = at(cell);
      return column ? COLUMN_LABELS[column] : undefined;
    },
    notSaved: NOT_SAVED,
  });
  const errors: GridErrors = new Map();
  const rowLines: string[] = [];
  for (const [cell, message] of Object.entries(mapped.byField) as [string, string][]) {
    const { index, column } = at(cell);
    const row = rows[index]!;
    if (column) errors.set(row.key, { ...errors.get(row.key), [column]: message });
    else rowLines.push(`P${index + 1} ${row.driverName}: ${message}`);
  }
  return { errors, others: [...rowLines, ...mapped.others], summary: mapped.formMessage };
}

/** The grid of one race (of a round starting at `startsAt`), its save, and what a save elsewhere changed meanwhile. */
function ResultsEditor({ race, saved, startsAt }: { race: RaceRef; saved: RaceResultsDto; startsAt: string }) {
  const queryClient = useQueryClient();
  const future = useFutureRaceConfirmation(startsAt);
  const [base, setBase] = useState(saved);
  const [rows, setRows] = useState(() => rowsFromResults(saved.results));
  const [errors, setErrors] = useState<GridErrors>(new Map());
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  const changed = gridChanged(rows, base.results);
  const load = (results: RaceResultsDto) => {
    setBase(results);
    setRows(rowsFromResults(results.results));
    setErrors(new Map());
    setProblems([]);
  };
  // Saved elsewhere (another organizer, an import): an untouched grid follows; edits are kept until the organizer chooses.
  const newerElsewhere = saved.revision !== base.revision;
  if (newerElsewhere && !changed) load(saved);

  const edit = (next: GridRow[]) => {
    setRows(next);
    setNote(null);
    if (errors.size > 0 || problems.length > 0) {
      const { errors: stillWrong, general } = checkRows(next);
      setErrors(stillWrong);
      setProblems(general);
    }
  };

  const save = async () => {
    setNote(null);
    const checked = checkRows(rows);
    setErrors(checked.errors);
    setProblems(checked.general);
    if (checked.errors.size > 0 || checked.general.length > 0) {
      if (checked.general.length === 0) setProblems(['Please correct the marked cells.']);
      return;
    }
    setBusy(true);
    try {
      const request = resultsRequestFrom(rows);
      const results = await future.saveConfirmed((confirmFuture) => competitionCommands.saveResults(race, request, confirmFuture));
      if (!results) return;
      applyOwnResults(queryClient, race, results);
      load(results);
      setNote(`Saved as revision ${results.revision ?? '?'}: the standings follow in a moment.`);
    } catch (error) {
      const onGrid = failureOnGrid(error, rows);
      setErrors(onGrid.errors);
      setProblems(onGrid.errors.size || onGrid.others.length ? [`${NOT_SAVED}: please correct the marked cells.`, ...onGrid.others] : [onGrid.summary]);
    } finally {
      setBusy(false);
    }
  };

  return (
    // minmax(0, …) on a phone too: an implicit column grows to the grid's width and widens the page.
    <div className="pd-results-editor">
      <div className="pd-results-main">
        {newerElsewhere && changed && (
          <Alert
            severity="warning"
            className="pd-results-gap-below"
            action={
              <Button color="inherit" size="small" onClick={() => load(saved)}>
                Load it
              </Button>
            }
          >
            Revision {saved.revision} was saved meanwhile. Loading it drops your unsaved edits; saving yours makes a newer revision.
          </Alert>
        )}
        <ResultsGrid rows={rows} onChange={edit} errors={errors} disabled={busy} />
        {problems.length > 0 && (
          <Alert severity="error" role="alert" className="pd-results-gap-above">
            {problems.length === 1 ? (
              problems[0]
            ) : (
              <ul className="pd-results-problems">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
        <div className="pd-results-actions pd-results-gap-above">
          <Button variant="contained" onClick={() => void save()} disabled={busy || !changed}>
            Save results
          </Button>
          {changed && (
            <Button onClick={() => load(base)} disabled={busy}>
              Discard changes
            </Button>
          )}
          <Text variant="body2" tone="secondary" role="status">
            {note ?? (changed ? 'Unsaved changes' : base.revision === null ? 'No results saved yet' : `Showing revision ${base.revision}`)}
          </Text>
        </div>
      </div>
      <div className="pd-results-side">
        <LiveDraftPanel race={race} onConfirmed={load} />
        <Paper className="pd-results-panel">
          <ImportPanel race={race} startsAt={startsAt} onImported={load} />
        </Paper>
        <Paper className="pd-results-panel">
          <RevisionHistory race={race} onReverted={load} />
        </Paper>
      </div>
      {future.dialog}
    </div>
  );
}

/**
 * Organize-Season-Event-Results: a round's races as tabs; for the chosen race the keyboard grid (each
 * save a new revision), the import from a server file, and the revision history with compare and revert.
 */
export default function ResultsPage() {
  const params = useParams();
  const competitionId = routeId(params.competition);
  const seasonId = routeId(params.season);
  const eventId = routeId(params.event);
  const raceParam = params.race === undefined ? undefined : routeId(params.race);
  const season = useQuery({ ...competitionQueries.season(seasonId ?? 0), enabled: seasonId !== null });
  const event = season.data?.events.find((candidate) => candidate.id === eventId);
  const races = event?.raceEvents.flatMap((raceEvent) => raceEvent.races.map((race) => ({ race, raceEvent }))) ?? [];
  const chosen = raceParam === undefined ? races[0] : races.find(({ race }) => race.id === raceParam);
  const ref: RaceRef | null = chosen && seasonId !== null && eventId !== null ? { seasonId, eventId, raceId: chosen.race.id } : null;
  const results = useQuery({ ...competitionQueries.results(ref ?? { seasonId: 0, eventId: 0, raceId: 0 }), enabled: ref !== null });
  useRoom(seasonId === null ? null : `season:${seasonId}`, ref ? competitionKeys.results(ref) : undefined);
  // The first answer is drawn as a deferred update (React splits it into short slices), not in the answer's urgent one: no long task.
  const editorDrawn = useDeferredValue(results.data !== undefined || results.isError);

  if (competitionId === null || seasonId === null || eventId === null || raceParam === null) return <NotFoundPage />;
  const seasonPath = organizerPaths.season(competitionId, seasonId);
  const back = (
    <ButtonLink to={seasonPath} className="pd-results-back">
      ← Season
    </ButtonLink>
  );
  if (isNotFound(season.error))
    return <NotFoundState before={back} title="Season not found" message="There is no such season" back={organizerPaths.competitions()} backLabel="All competitions" />;
  if (season.error) return <LoadFailureState before={back} what="season" error={season.error} onRetry={() => void season.refetch()} />;
  if (!season.data) return <CenteredLoader label="Loading the season" />;
  if (!event || season.data.competition.id !== competitionId)
    return <NotFoundState before={back} title="Round not found" message="This event is not a round of the season" back={seasonPath} backLabel="Back to the season" />;
  if (!chosen)
    return (
      <NotFoundState
        before={back}
        title="Race not found"
        message="This round has no such race"
        back={organizerPaths.results(competitionId, seasonId, event.id)}
        backLabel="The round's first race"
      />
    );

  const tracks = event.raceEvents.length;
  // A race nobody has saved yet may answer 404: its grid starts empty.
  const saved = results.data ?? (isNotFound(results.error) ? { raceId: chosen.race.id, revision: null, results: [] } : undefined);
  return (
    <Container maxWidth="xl" page>
      {back}
      <Text variant="overline" as="p" tone="secondary">
        {season.data.competition.name} · {season.data.name} · Round {event.round} · <time dateTime={event.date}>{showTime(event.date).dateTime}</time>
      </Text>
      <PageTitle>{`Results: ${event.name}`}</PageTitle>
      {races.length > 1 && (
        <RaceTabs
          label="Races of the round"
          current={chosen.race.id}
          tabs={races.map(({ race, raceEvent }) => ({
            id: race.id,
            label: raceLabel(raceEvent, race, tracks),
            to: organizerPaths.results(competitionId, seasonId, event.id, race.id),
          }))}
        />
      )}
      {results.error && !isNotFound(results.error) ? (
        <InlineFailure what="results" error={results.error} onRetry={() => void results.refetch()} />
      ) : !saved || !editorDrawn ? (
        <div role="status" aria-label="Loading the results">
          <Skeleton variant="rounded" height={320} />
        </div>
      ) : (
        <ResultsEditor key={chosen.race.id} race={ref!} saved={saved} startsAt={event.date} />
      )}
    </Container>
  );
}
