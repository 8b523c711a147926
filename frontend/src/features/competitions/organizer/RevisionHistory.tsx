import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Abbr } from '../../../components/Abbr.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { showTime } from '../../../components/dateTime.js';
import { failureMessage } from '../../../lib/forms/apiErrors.js';
import { competitionCommands, competitionQueries, type RaceRef } from '../api.js';
import { applyOwnResults } from '../cache.js';
import { InlineFailure } from '../components/LoadStates.js';
import { visuallyHidden } from '../../../components/visuallyHidden.js';
import { RESULT_STATUS_LABELS } from '../labels.js';
import { formatRaceTime } from '../raceTime.js';
import type { RaceResultDto, RaceResultsDto, ResultRevisionDto } from '../types.js';
import { differences, isChanged, lineKey, type ComparedField, type Differences } from './revisionCompare.js';

const REVISION_KIND_LABELS: Record<ResultRevisionDto['kind'], string> = { BASE: 'Base', DECISIONS: 'Steward decisions' };

/** The base a restore brings back: steward decisions are never copied into a base, so a decisions revision restores the base it applied to. */
const revertedTo = (revision: ResultRevisionDto) => (revision.kind === 'DECISIONS' ? revision.baseRevision! : revision.revision);

const CHANGED_CELL = { bgcolor: 'rgb(var(--mui-palette-warning-mainChannel) / 0.25)', fontWeight: 700 } as const;

function ComparedCell({ found, line, field, children }: { found: Differences; line: RaceResultDto; field: ComparedField; children: React.ReactNode }) {
  const changed = isChanged(found, lineKey(line), field);
  return (
    <TableCell data-changed={changed} sx={changed ? CHANGED_CELL : undefined}>
      {children}
      {changed && (
        <Box component="span" sx={visuallyHidden}>
          {' '}
          (changed)
        </Box>
      )}
    </TableCell>
  );
}

/** One revision's classification, its cells that differ from the other revision highlighted. */
function RevisionTable({ title, results, other }: { title: string; results: RaceResultsDto; other: RaceResultsDto }) {
  const found = differences(results.results, other.results);
  const lines = [...results.results].sort((a, b) => a.position - b.position);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" gutterBottom>
        {title}
      </Typography>
      <TableContainer sx={{ position: 'relative', overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHeader columns={['Pos', 'Driver', 'Status', 'Laps', 'Time', 'Best lap', 'Pole', { label: <Abbr title="Fastest lap">FL</Abbr> }]} />
          <TableBody>
            {lines.map((line) => {
              const missing = found.get(lineKey(line)) === 'missing';
              return (
                <TableRow key={lineKey(line)} data-changed={missing} sx={missing ? { '& > td, & > th': CHANGED_CELL } : undefined}>
                  <ComparedCell found={found} line={line} field="position">
                    {line.position}
                  </ComparedCell>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {line.driverName}
                    {missing ? ' (only here)' : ''}
                  </TableCell>
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
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
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
      <Box role="status" aria-label="Loading the revisions">
        <Skeleton variant="rounded" height={200} />
      </Box>
    );
  return (
    <Box component="section" aria-label={`Revision ${older} and revision ${newer} compared`} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { lg: '1fr 1fr' }, mt: 2 }}>
      <RevisionTable title={`Revision ${older}`} results={left.data} other={right.data} />
      <RevisionTable title={`Revision ${newer}`} results={right.data} other={left.data} />
    </Box>
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

  return (
    <Box component="section" aria-labelledby="history-title">
      <Typography id="history-title" variant="h6" component="h3" gutterBottom>
        History
      </Typography>
      {history.error ? (
        <InlineFailure what="history" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Box role="status" aria-label="Loading the history">
          <Skeleton variant="rounded" height={120} />
        </Box>
      ) : revisions.length === 0 ? (
        <Typography color="text.secondary">Nothing saved yet: the first save is revision 1.</Typography>
      ) : (
        <>
          <List dense disablePadding aria-label="Revisions">
            {revisions.map((revision) => {
              const when = showTime(revision.createdAt);
              return (
                <ListItem key={revision.revision} disableGutters sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
                  <Checkbox
                    size="small"
                    checked={picked.includes(revision.revision)}
                    onChange={() => toggle(revision.revision)}
                    slotProps={{ input: { 'aria-label': `Compare revision ${revision.revision}` } }}
                    sx={{ p: 0.5 }}
                  />
                  <Box sx={{ flexGrow: 1, minWidth: 180 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      Revision {revision.revision}
                      {revision.revision === latest ? ' · current' : ''}{' '}
                      <Chip size="small" variant="outlined" color={revision.kind === 'DECISIONS' ? 'warning' : 'default'} label={REVISION_KIND_LABELS[revision.kind]} /> ·{' '}
                      {revision.note}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {revision.author.name} · <time dateTime={revision.createdAt}>{when.dateTime}</time> · {revision.lines} {revision.lines === 1 ? 'line' : 'lines'}
                    </Typography>
                  </Box>
                  {revision.revision !== latest && (
                    <Button size="small" onClick={() => setReverting(revision)} aria-label={`Restore revision ${revertedTo(revision)}`}>
                      Restore
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
          <Button
            size="small"
            variant="outlined"
            disabled={picked.length !== 2}
            onClick={() => setComparing(picked.length === 2 ? [picked[0]!, picked[1]!] : null)}
            sx={{ mt: 1 }}
          >
            Compare the two ticked
          </Button>
        </>
      )}
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {comparing && <RevisionCompare race={race} revisions={comparing} />}
      <Dialog open={reverting !== null} onClose={() => setReverting(null)} aria-labelledby="revert-title">
        <DialogTitle id="revert-title">Restore revision {reverting && revertedTo(reverting)}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {reverting?.kind === 'DECISIONS'
              ? `The organizer's results of revision ${reverting.baseRevision} (the base of revision ${reverting.revision}) come back.`
              : `The results go back to revision ${reverting?.revision} (${reverting?.note}).`}{' '}
            Every standing steward decision is applied to them again. This is saved as a new revision, so nothing is lost, and the standings follow at once.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setReverting(null)}>Cancel</Button>
          <Button variant="contained" onClick={() => void revert()} disabled={busy}>
            Restore
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
