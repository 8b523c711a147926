import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { isTeamEvent, lineupLocksAt } from '@paddock/contracts/events.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { sessionAtom } from '../../auth/index.js';
import { teamQueries } from '../../teams/index.js';
import { useEnterTeam } from '../api.js';
import type { EventDetailsDto } from '../types.js';
import { lockText, teamSizeRule, teamsForEvent } from './teamRules.js';
import { TeamLineupEditor } from './TeamLineupEditor.js';

/**
 * On a TEAM or LVL event's page, for a captain of a team of the event's game: enter the team with the
 * drivers who race, until the line-up locks. Who is in then arrives pushed, as for every change.
 */
export function CaptainTeamEntries({ event, now = Date.now }: { event: EventDetailsDto; now?: () => number }) {
  const session = useAtomValue(sessionAtom);
  const enterTeam = useEnterTeam();
  const show = session.isTeamCaptain && isTeamEvent(event) && event.published;
  const mine = useQuery({ ...teamQueries.mine(), enabled: show });
  if (!show) return null;
  const teams = teamsForEvent(mine.data ?? [], event);
  if (!mine.data) return null;
  const started = new Date(event.date).getTime() <= now();
  const locked = lineupLocksAt(event).getTime() <= now();
  return (
    <Box component="section" aria-label="Your team entry" sx={{ mt: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Your team entry
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {teamSizeRule(event)}. {locked ? `Line-ups locked on ${lockText(event)}: ask an organizer for changes.` : `Line-ups lock on ${lockText(event)}.`}
      </Typography>
      {teams.length === 0 ? (
        <Typography>
          None of your teams races {event.game.name}. See{' '}
          <Link component={RouterLink} to={pathTo('MyTeams')}>
            My teams
          </Link>
          .
        </Typography>
      ) : (
        <Stack spacing={2}>
          {teams.map((team) => (
            <TeamLineupEditor
              key={team.id}
              team={team}
              attendance={event.attendance}
              rule={teamSizeRule(event)}
              locked={started || locked ? 'The line-up is locked.' : undefined}
              save={async (profileIds) => {
                // The pushed message brings who is in to every open page; this page reads it now.
                await enterTeam(event.id, team.id, profileIds);
              }}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}
