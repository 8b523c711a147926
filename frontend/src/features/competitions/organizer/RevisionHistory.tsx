import { useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Abbr } from '../../../components/Abbr.js';
import { showTime } from '../../../components/dateTime.js';
import { Alert, Button, Check, Chip, Dialog, Skeleton, Table, TableHead, Text } from '../../../components/ui/index.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { competitionCommands, competitionQueries, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import { InlineFailure } from '../components/LoadStates.js';
import { RESULT_STATUS_LABELS } from '../labels.js';
import { formatRaceTime } from '../raceTime.js';
import type { RaceResultDto, RaceResultsDto, ResultRevisionDto } from '../types.js';
import { differences, isChanged, lineKey, type ComparedField, type Differences } from './revisionCompare.js';
import './results.css';

const REVISION_KIND_LABELS: Record<ResultRevisionDto['kind'], string> = { BASE: 'Base', DECISIONS: 'Steward decisions' };

/** The base a restore brings back: steward decisions are never copied into a base, so a decisions revision restores the base it applied to. */
const revertedTo = (revision: ResultRevisionDto) => (revision.kind === 'DECISIONS' ? revision.baseRevision! : revision.revision);

function ComparedCell({ found, line, field, children }: { found: Differences; line: RaceResultDto; field: ComparedField; children: ReactNode }) {
  const changed = isChanged(found, lineKey(line), field);
  return (
    <td data-changed={changed} className={changed ? 'pd-results-changed' : undefined}>
      {children}
      {changed && <span className="pd-visually-hidden"> (changed)</span>}
    </td>
  );
}

/** One revision's classification, its cells that differ from the other revision highlighted. */
function RevisionTable({ title, results, other }: { title: string; results: RaceResultsDto; other: RaceResultsDto }) {
  const found = differences(results.results, other.results);
  const lines = [...results.results].sort((a, b) => a.position - b.position);
  return (
    <div className="pd-results-revision">
      <Text variant="subtitle2" as="h4" gutterBottom>
        {title}
      </Text>
      <Table size="small" scrollClassName="pd-results-scroll" aria-label={title} regionLabel={title}>
        <TableHead columns={['Pos', 'Driver', 'Status', 'Laps', 'Time', 'Best lap', 'Pole', { label: <Abbr title="Fastest lap">FL</Abbr> }]} />
        <tbody>
          {lines.map((line) => {
            const missing = found.get(lineKey(line)) === 'missing';
            return (
              <tr key={lineKey(line)} data-changed={missing} className={missing ? 'pd-results-changed-row' : undefined}>
                <ComparedCell found={found} line={line} field="position">
                  {line.position}
                </ComparedCell>
                <th scope="row" className="pd-results-nowrap">
                  {line.driverName}
                  {missing ? ' (only here)' : ''}
                </th>
                <ComparedCell found={found} line={line} field="status">
                  {RESULT_STATUS_LABELS[line.status]}
                </ComparedCell>
                <ComparedCell found={found} line={line} field="laps">
                  {line.laps}
                </ComparedCell>
                <ComparedCell found={found} line={line} field="totalTimeMs">
                  {formatRaceTime(line.totalTimeMs)}
                </ComparedCell>
                <ComparedCell found={found} line={line} field="bestLapMs">
                  {formatRaceTime(line.bestLapMs)}
                </ComparedCell>
                <ComparedCell found={found} line={line} field="pole">
                  {line.pole ? 'Yes' : ''}
                </ComparedCell>
                <ComparedCell found={found} line={line} field="fastestLap">
                  {line.fastestLap ? 'Yes' : ''}
                </ComparedCell>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

/** Two revisions side by side, older on the left. */
export function RevisionCompare({ race, revisions }: { race: RaceRef; revisions: [number, number] }) {
  const [older, newer] = [...revisions].sort((a, b) => a - b) as [number, number];
  const left = useQuery(competitionQueries.revision(race, older));
  const right = useQuery(competitionQueries.revision(race, newer));
  if (left.error || right.error)
    return <InlineFailure what="revisions" error={left.error ?? right.error} onRetry={() => void (left.error ? left.refetch() : right.refetch())} />;
  if (!left.data || !right.data)
    return (
      <div role="status" aria-label="Loading the revisions">
        <Skeleton variant="rounded" height={200} />
      </div>
    );
  return (
    <section aria-label={`Revision ${older} and revision ${newer} compared`} className="pd-results-compare">
      <RevisionTable title={`Revision ${older}`} results={left.data} other={right.data} />
      <RevisionTable title={`Revision ${newer}`} results={right.data} other={left.data} />
    </section>
  );
}

export interface RevisionHistoryProps {
  race: RaceRef;
  /** After a revert: the classification it made. */
  onReverted: (results: RaceResultsDto) => void;
}

/**
 * Every revision of the race's results (newest first) with its author, time and note, the organizer's
 * bases and the steward decisions applied to them told apart; two can be compared side by side, and
 * any earlier base restored (a revert is itself a new revision, with the standing decisions applied again).
 */
export function RevisionHistory({ race, onReverted }: RevisionHistoryProps) {
  const queryClient = useQueryClient();
  const history = useQuery(competitionQueries.revisions(race));
  const [picked, setPicked] = useState<number[]>([]);
  const [comparing, setComparing] = useState<[number, number] | null>(null);
  const [reverting, setReverting] = useState<ResultRevisionDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const revisions = [...(history.data ?? [])].sort((a, b) => b.revision - a.revision);
  const latest = revisions[0]?.revision;

  const toggle = (revision: number) => setPicked((current) => (current.includes(revision) ? current.filter((other) => other !== revision) : [...current, revision].slice(-2)));

  const revert = async () => {
    if (!reverting) return;
    setBusy(true);
    setFailure(null);
    try {
      const results = await competitionCommands.revert(race, revertedTo(reverting));
      applyOwnResults(queryClient, race, results);
      onReverted(results);
      setReverting(null);
    } catch (error) {
      setFailure(failureMessage(error, `Revision ${revertedTo(reverting)} was not restored`));
      setReverting(null);
    } finally {
      setBusy(false);
    }
  };

  const reverted = reverting && revertedTo(reverting);
  return (
    <section aria-labelledby="history-title">
      <Text id="history-title" variant="h6" as="h3" gutterBottom>
        History
      </Text>
      {history.error ? (
        <InlineFailure what="history" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <div role="status" aria-label="Loading the history">
          <Skeleton variant="rounded" height={120} />
        </div>
      ) : revisions.length === 0 ? (
        <Text tone="secondary">Nothing saved yet: the first save is revision 1.</Text>
      ) : (
        <>
          <ul aria-label="Revisions" className="pd-results-revisions">
            {revisions.map((revision) => {
              const when = showTime(revision.createdAt);
              return (
                <li key={revision.revision} className="pd-results-revisions-item">
                  <Check aria-label={`Compare revision ${revision.revision}`} checked={picked.includes(revision.revision)} onChange={() => toggle(revision.revision)} />
                  <div className="pd-results-revisions-text">
                    <Text variant="body2" className="pd-results-revisions-title">
                      Revision {revision.revision}
                      {revision.revision === latest ? ' · current' : ''}{' '}
                      <Chip size="small" variant="outlined" color={revision.kind === 'DECISIONS' ? 'warning' : 'default'} label={REVISION_KIND_LABELS[revision.kind]} /> ·{' '}
                      {revision.note}
                    </Text>
                    <Text variant="caption" tone="secondary" as="p">
                      {revision.author.name} · <time dateTime={revision.createdAt}>{when.dateTime}</time> · {revision.lines} {revision.lines === 1 ? 'line' : 'lines'}
                    </Text>
                  </div>
                  {revision.revision !== latest && (
                    <Button size="small" onClick={() => setReverting(revision)} aria-label={`Restore revision ${revertedTo(revision)}`}>
                      Restore
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Button
            size="small"
            variant="outlined"
            disabled={picked.length !== 2}
            onClick={() => setComparing(picked.length === 2 ? [picked[0]!, picked[1]!] : null)}
            className="pd-results-gap-small"
          >
            Compare the two ticked
          </Button>
        </>
      )}
      {failure && (
        <Alert severity="error" role="alert" className="pd-results-gap-small">
          {failure}
        </Alert>
      )}
      {comparing && <RevisionCompare race={race} revisions={comparing} />}
      <Dialog
        open={reverting !== null}
        onClose={() => setReverting(null)}
        title={`Restore revision ${reverted ?? ''}?`}
        description={
          reverting && (
            <>
              {reverting.kind === 'DECISIONS'
                ? `The organizer's results of revision ${reverting.baseRevision} (the base of revision ${reverting.revision}) come back.`
                : `The results go back to revision ${reverting.revision} (${reverting.note}).`}{' '}
              Every standing steward decision is applied to them again. This is saved as a new revision, so nothing is lost, and the standings follow at once.
            </>
          )
        }
        actions={
          <>
            <Button onClick={() => setReverting(null)}>Cancel</Button>
            <Button variant="contained" onClick={() => void revert()} disabled={busy}>
              Restore
            </Button>
          </>
        }
      />
    </section>
  );
}
