import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { teamQueries } from '../../teams/index.js';
import { useAdjustTeam } from '../api.js';
import type { EventDetailsDto } from '../types.js';
import { lockText, teamSizeRule, teamsForEvent } from '../teams/teamRules.js';
import { TeamLineupEditor } from '../teams/TeamLineupEditor.js';

/**
 * Organizers see every team's entry of a TEAM or LVL event and adjust it at any time, after the
 * line-up lock too (never past the largest team). Entered teams come first.
 */
export function TeamEntriesPanel({ event }: { event: EventDetailsDto }) {
  const adjustTeam = useAdjustTeam();
  const teams = useQuery(teamQueries.list());
  const entered = new Set(event.attendance.flatMap((attendee) => (attendee.team ? [attendee.team.id] : [])));
  const candidates = teamsForEvent(teams.data ?? [], event).sort((a, b) => Number(entered.has(b.id)) - Number(entered.has(a.id)) || a.name.localeCompare(b.name));
  return (
    <Box component="section" aria-label="Team entries">
      <Typography variant="h6" component="h2">
        Team entries
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {teamSizeRule(event)}; captains’ line-ups lock on {lockText(event)}. The entry is each race’s line-up unless one is set for that race.
      </Typography>
      {teams.isPending ? (
        <Typography>Loading teams…</Typography>
      ) : candidates.length === 0 ? (
        <Typography>No team races {event.game.name} yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {candidates.map((team) => (
            <TeamLineupEditor
              key={team.id}
              team={team}
              attendance={event.attendance}
              rule={teamSizeRule(event)}
              save={async (profileIds) => {
                await adjustTeam(event.id, team.id, profileIds);
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
