import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Table, TableHead, Text, TextField } from '../../../components/ui/index.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { ApiError } from '../../../lib/api/client.js';
import { competitionCommands, competitionQueries, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import { RESULT_STATUS_LABELS } from '../labels.js';
import { formatRaceTime } from '../raceTime.js';
import type { DriverListItemDto, ImportMatchedBy, ImportPreviewDriverDto, RaceResultsDto, ResultImportDecisions, ResultImportPreviewDto } from '../types.js';
import { DriverPicker, driverLabel } from './DriverPicker.js';
import { LiveDraftDifferences } from './LiveDraftDifferences.js';
import { useFutureRaceConfirmation } from './useFutureRaceConfirmation.js';
import './results.css';

export interface ImportPanelProps {
  race: RaceRef;
  /** The round's start (UTC, ISO 8601): a file for a race still to come is saved once the organizer says so. */
  startsAt: string;
  onImported: (results: RaceResultsDto) => void;
}

/** What the organizer chose for a driver the file could not match: a league driver (once picked), a guest, or skipped. */
export type DriverChoice = { kind: 'MAP'; driver: DriverListItemDto | null } | { kind: 'GUEST' } | { kind: 'SKIP' };

export const NOTHING_CHANGED = 'Nothing changed: this file is already the race’s results.';

const MATCHED_BY: Record<ImportMatchedBy, string> = { REMEMBERED: 'mapped before', PLATFORM_ID: 'by platform id', NAME: 'by name' };

/** The organizer's decisions for a preview's drivers, and the league drivers already given to a line (matched or chosen). */
export function useDriverDecisions(preview: ResultImportPreviewDto | null) {
  const [chosen, setChosen] = useState<Map<string, DriverChoice>>(new Map());
  const taken = new Set([...chosen.values()].flatMap((choice) => (choice.kind === 'MAP' && choice.driver ? [choice.driver.id] : [])));
  for (const line of preview?.lines ?? []) for (const driver of line.drivers) if (driver.match) taken.add(driver.match.profileId);
  const choose = (key: string, choice: DriverChoice | null) =>
    setChosen((current) => {
      const next = new Map(current);
      if (choice) next.set(key, choice);
      else next.delete(key);
      return next;
    });
  return { chosen, taken, choose, clear: () => setChosen(new Map()) };
}

export type DriverDecisions = ReturnType<typeof useDriverDecisions>;

/** Why a save was not made: the drivers it still needs a decision for. */
export function stillUndecided(unmatched: readonly { name: string }[]): string {
  return `${unmatched.length === 1 ? 'One driver still needs' : `${unmatched.length} drivers still need`} a decision: ${unmatched.map((each) => each.name).join(', ')}.`;
}

/** A preview's lines, each driver with what the organizer decided for them; penalties where the source has them. */
export function PreviewLines({
  preview,
  label,
  decisions,
  penalties = false,
}: {
  preview: ResultImportPreviewDto;
  label: string;
  decisions: DriverDecisions;
  penalties?: boolean;
}) {
  const { chosen, taken, choose } = decisions;
  return (
    <Table size="small" scrollClassName="pd-results-scroll" aria-label={label} regionLabel={label}>
      <TableHead
        columns={['Pos', 'Classification', { label: 'Laps', align: 'right' }, { label: 'Time', align: 'right' }, penalties && { label: 'Penalty', align: 'right' }, 'Drivers']}
      />
      <tbody>
        {preview.lines.map((line) => (
          <tr key={line.line}>
            <td>{line.position}</td>
            <td>{classificationText(line)}</td>
            <td className="pd-num">{line.laps}</td>
            <td className="pd-num">{formatRaceTime(line.totalTimeMs ?? line.bestLapMs)}</td>
            {penalties && <td className="pd-num">{line.penaltyMs ? `+${(line.penaltyMs / 1000).toLocaleString('en')} s` : ''}</td>}
            <td>
              {line.drivers.map((driver) => (
                <DriverDecision key={driver.key} driver={driver} choice={chosen.get(driver.key) ?? null} taken={taken} onChoose={(choice) => choose(driver.key, choice)} />
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The drivers the organizer must decide: those without a suggested profile. */
export const undecidedDrivers = (preview: ResultImportPreviewDto) => preview.lines.flatMap((line) => line.drivers.filter((driver) => driver.match === null));

/** Whether every unmatched driver has a decision (a mapped one, its driver). */
export function decisionsComplete(preview: ResultImportPreviewDto, chosen: ReadonlyMap<string, DriverChoice>): boolean {
  return undecidedDrivers(preview).every((driver) => {
    const choice = chosen.get(driver.key);
    return !!choice && (choice.kind !== 'MAP' || choice.driver !== null);
  });
}

/** The `decisions` of the save: a profile id, GUEST or SKIP by driver key. */
export function decisionsOf(chosen: ReadonlyMap<string, DriverChoice>): ResultImportDecisions {
  const decisions: ResultImportDecisions = {};
  for (const [key, choice] of chosen) {
    if (choice.kind === 'MAP' && choice.driver) decisions[key] = choice.driver.id;
    else if (choice.kind !== 'MAP') decisions[key] = choice.kind;
  }
  return decisions;
}

/** "Finished", or "DNF — retired: stopped before the flag": a line's classification and why. */
export const classificationText = (line: { status: keyof typeof RESULT_STATUS_LABELS; reason: string | null }) =>
  line.reason ? `${RESULT_STATUS_LABELS[line.status]} — ${line.reason}` : RESULT_STATUS_LABELS[line.status];

/**
 * Import from a game server's results file (ACC, Assetto Corsa, rFactor 2, Le Mans Ultimate) in two
 * steps: the preview shows every line as it will be saved, with its classification and why, and the
 * league driver found for each of the car's drivers; for a driver found nowhere the organizer picks a
 * driver (remembered for later imports), keeps them as a guest, or skips them. Then the save. A file
 * of another game or track is imported only when the organizer says so.
 */
export function ImportPanel({ race, startsAt, onImported }: ImportPanelProps) {
  const queryClient = useQueryClient();
  const future = useFutureRaceConfirmation(startsAt);
  const inputId = useId();
  const sources = useQuery(competitionQueries.sources());
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ResultImportPreviewDto | null>(null);
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const decisions = useDriverDecisions(preview);
  const { chosen } = decisions;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const accept = [...new Set(sources.data?.flatMap((source) => source.extensions))].join(',') || '.json,.xml';
  const formats = sources.data?.map((source) => source.name).join(', ') || 'ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate';

  const reset = () => {
    setPreview(null);
    setMismatch(null);
    setConfirmed(false);
    decisions.clear();
    setFailure(null);
  };

  const showPreview = async (confirmMismatch: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      setPreview(await competitionCommands.previewImport(race, file, confirmMismatch));
      setMismatch(null);
      setConfirmed(confirmMismatch);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setMismatch(failureMessage(error, `${file.name} is not for this race`));
      else setFailure(failureMessage(error, `${file.name} could not be read`));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!file || !preview) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await future.saveConfirmed((confirmFuture) => competitionCommands.importResults(race, file, decisionsOf(chosen), confirmed, confirmFuture));
      if (!answer) return;
      if (answer.unchanged) {
        setDone(NOTHING_CHANGED);
      } else if (answer.results) {
        applyOwnResults(queryClient, race, answer.results);
        onImported(answer.results);
        setDone(`Imported ${answer.results.results.length} lines from ${file.name} as revision ${answer.results.revision ?? '?'}.`);
      } else {
        setFailure(stillUndecided(answer.unmatched));
        return;
      }
      reset();
      setFile(null);
    } catch (error) {
      setFailure(failureMessage(error, `${file.name} was not imported`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${inputId}-title`}>
      <Text id={`${inputId}-title`} variant="h6" as="h3" gutterBottom>
        Import a results file
      </Text>
      <Text variant="body2" tone="secondary" className="pd-results-lead">
        A server results file ({formats}): preview it, decide who the drivers outside the league are, then save it as a new revision. A qualifying file becomes the race’s
        qualifying.
      </Text>
      <div className="pd-results-file">
        {/* The field itself is the keyboard's way in (Space or Enter opens the file chooser); the button-like label beside it, the pointer's. */}
        <input
          id={inputId}
          type="file"
          accept={accept}
          aria-label="Results file"
          className="pd-results-file-input"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            reset();
            setDone(null);
            event.target.value = '';
          }}
        />
        <label htmlFor={inputId} className="pd-btn pd-btn--outlined">
          Choose a results file
        </label>
        <Text variant="body2" aria-live="polite" data-testid="chosen-file">
          {file ? file.name : 'No file chosen'}
        </Text>
        <Button variant="outlined" disabled={!file || busy || preview !== null} onClick={() => void showPreview(false)}>
          Preview
        </Button>
      </div>

      {mismatch && (
        <Alert
          severity="warning"
          className="pd-results-gap-above"
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => void showPreview(true)}>
              Import anyway
            </Button>
          }
        >
          {mismatch}
        </Alert>
      )}

      {preview && (
        <section aria-label="Import preview" className="pd-results-gap-above">
          <Text variant="subtitle1" as="h4">
            {preview.session === 'QUALIFYING' ? 'Qualifying' : 'Race'} from {preview.fileName}: {preview.gameName}
            {preview.trackName ? `, ${preview.trackName}` : ''}
          </Text>
          {preview.unchanged && (
            <Alert severity="info" className="pd-results-gap-around">
              {NOTHING_CHANGED}
            </Alert>
          )}
          <PreviewLines preview={preview} label="Lines of the file" decisions={decisions} penalties />
          {preview.liveDraftDifferences && <LiveDraftDifferences differences={preview.liveDraftDifferences} />}
          <div className="pd-results-actions pd-results-gap-small">
            <Button variant="contained" disabled={busy || !decisionsComplete(preview, chosen)} onClick={() => void save()}>
              Save results
            </Button>
            <Button onClick={reset}>Cancel</Button>
          </div>
        </section>
      )}
      {failure && (
        <Alert severity="error" role="alert" className="pd-results-gap-small">
          {failure}
        </Alert>
      )}
      {done && (
        <Alert severity="success" role="status" className="pd-results-gap-small">
          {done}
        </Alert>
      )}
      {future.dialog}
    </section>
  );
}

export interface DriverDecisionProps {
  driver: ImportPreviewDriverDto;
  choice: DriverChoice | null;
  taken: ReadonlySet<number>;
  onChoose: (choice: DriverChoice | null) => void;
}

/** One driver of a line: the league driver found for them, or the organizer's decision. */
export function DriverDecision({ driver, choice, taken, onChoose }: DriverDecisionProps) {
  const details = [driver.raceNumber !== null ? `#${driver.raceNumber}` : '', driver.platformId ?? ''].filter(Boolean).join(' · ');
  return (
    <div className="pd-results-decision">
      <Text variant="body2">
        <strong>{driver.name || 'No name'}</strong>
        {details && ` · ${details}`}
      </Text>
      {driver.match ? (
        <Text variant="body2">
          {driver.match.driverName} ({MATCHED_BY[driver.match.by]})
        </Text>
      ) : (
        <div className="pd-results-decision-choice">
          <TextField
            select
            size="small"
            label={`${driver.name || 'Driver'}: not in the league`}
            value={choice?.kind ?? ''}
            className="pd-results-decision-kind"
            onChange={(event) => {
              const kind = event.target.value;
              onChoose(kind === 'MAP' ? { kind: 'MAP', driver: null } : kind === 'GUEST' ? { kind: 'GUEST' } : kind === 'SKIP' ? { kind: 'SKIP' } : null);
            }}
          >
            <option value="" disabled>
              Choose…
            </option>
            <option value="MAP">A league driver…</option>
            <option value="GUEST">Guest (scores nothing)</option>
            <option value="SKIP">Skip (leave out)</option>
          </TextField>
          {choice?.kind === 'MAP' &&
            (choice.driver ? (
              <>
                <Text variant="body2">{driverLabel(choice.driver)}</Text>
                <Button size="small" onClick={() => onChoose({ kind: 'MAP', driver: null })} aria-label={`Change the driver for ${driver.name}`}>
                  Change
                </Button>
              </>
            ) : (
              <DriverPicker label={`Driver for ${driver.name || 'this line'}`} excluded={taken} onPick={(picked) => onChoose({ kind: 'MAP', driver: picked })} />
            ))}
        </div>
      )}
    </div>
  );
}
