import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { RaceLineupDto } from '@paddock/contracts/race-lineups.js';
import { refusal } from '../teams/TeamLineupEditor.js';
import { teamSizeRule } from '../teams/teamRules.js';
import type { EventDetailsDto } from '../types.js';
import { raceLineupsQuery, useResetRaceLineup, useSetRaceLineup, type RaceChoice } from './raceLineups.js';

export interface RaceLineupEditorProps {
  lineup: RaceLineupDto;
  /** What the size rule says, shown beside the source. */
  rule: string;
  save: (profileIds: number[]) => Promise<unknown>;
  /** Back to the event entry. */
  reset: () => Promise<unknown>;
}

/** One team's drivers for one race, chosen among its entered drivers; says whether they are the event entry or set for this race. */
export function RaceLineupEditor({ lineup, rule, save, reset }: RaceLineupEditorProps) {
  const current = lineup.drivers.map((driver) => driver.profileId);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const selection = chosen ?? current;
  const changed = chosen !== null && (chosen.length !== current.length || chosen.some((id) => !current.includes(id)));

  const run = async (change: () => Promise<unknown>, message: string) => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      await change();
      setChosen(null);
      setDone(message);
    } catch (error) {
      setFailure(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper component="section" variant="outlined" aria-label={`Race line-up of ${lineup.teamName}`} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h3">
          {lineup.teamName}
        </Typography>
        {lineup.source === 'RACE' ? <Chip size="small" color="secondary" label="Set for this race" /> : <Chip size="small" variant="outlined" label="Event entry" />}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {current.length} driver{current.length === 1 ? '' : 's'} in this race · {rule}
      </Typography>
      <FormGroup aria-label={`Drivers of ${lineup.teamName} in this race`}>
        {lineup.entered.map((driver) => (
          <FormControlLabel
            key={driver.profileId}
            label={driver.driverName}
            disabled={busy}
            control={
              <Checkbox
                checked={selection.includes(driver.profileId)}
                onChange={(event) => setChosen(event.target.checked ? [...selection, driver.profileId] : selection.filter((profileId) => profileId !== driver.profileId))}
              />
            }
          />
        ))}
      </FormGroup>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
      {done && !changed && (
        <Typography role="status" variant="body2" color="success.main" sx={{ mt: 1 }}>
          {done}
        </Typography>
      )}
      <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" disabled={busy || !changed} onClick={() => void run(() => save(selection), 'Race line-up saved')}>
          Save race line-up
        </Button>
        {lineup.source === 'RACE' && (
          <Button disabled={busy} onClick={() => void run(reset, 'Races with the event entry')}>
            Use the event entry
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/**
 * Every entered team's line-up for one race of a TEAM or LVL event. Organizers adjust them at any time
 * (after the line-up lock too); others' changes arrive pushed, as for entries.
 */
export function TeamEntriesRaceLineups({ event, race }: { event: EventDetailsDto; race: RaceChoice }) {
  const setLineup = useSetRaceLineup();
  const resetLineup = useResetRaceLineup();
  const lineups = useQuery(raceLineupsQuery(event.id, race.id));
  return (
    <Box component="section" aria-label="Race line-ups">
      <Typography variant="h6" component="h2">
        {race.label}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        A team races with its event entry unless a line-up is set for this race, chosen among its entered drivers ({teamSizeRule(event)}).
      </Typography>
      {lineups.isPending ? (
        <Typography>Loading line-ups…</Typography>
      ) : lineups.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void lineups.refetch()}>
              Retry
            </Button>
          }
        >
          {refusal(lineups.error)}
        </Alert>
      ) : lineups.data.lineups.length === 0 ? (
        <Typography>No team is entered yet: teams race once entered under Event entries.</Typography>
      ) : (
        <Stack spacing={2}>
          {lineups.data.lineups.map((lineup) => (
            <RaceLineupEditor
              key={lineup.teamId}
              lineup={lineup}
              rule={teamSizeRule(event)}
              save={async (profileIds) => {
                await setLineup(event.id, race.id, lineup.teamId, profileIds);
              }}
              reset={async () => {
                await resetLineup(event.id, race.id, lineup.teamId);
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
