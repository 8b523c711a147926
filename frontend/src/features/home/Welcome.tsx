import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { welcomeName } from '../auth/index.js';
import type { EventSummary } from '../events/index.js';
import { configAtom } from '../site/index.js';
import { ChatIcon } from '../../components/icons.js';
import { NextRaceBanner } from './NextRaceBanner.js';
import { pathTo } from '../../app/routes/routeTable.js';

export interface WelcomeProps {
  user: CurrentUserDto;
  /** The driver's next race: their own next event, else the league's next planned one. */
  nextRace: EventSummary | null;
  /** Whether the next race has been looked up yet (no hint flashes before it is). */
  nextRaceKnown: boolean;
}

/** Home for a signed-in driver: a greeting, the community link, the next-race banner, or a hint when none is planned. */
export function Welcome({ user, nextRace, nextRaceKnown }: WelcomeProps) {
  const { discord } = useAtomValue(configAtom);
  return (
    <Box component="section" aria-labelledby="home-title" sx={{ pt: { xs: 3, md: 5 }, pb: 1 }}>
      <Typography id="home-title" variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' }, overflowWrap: 'anywhere' }}>
        Welcome {welcomeName(user)}
      </Typography>
      <Button variant="contained" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" startIcon={<ChatIcon />} sx={{ mt: 3, mb: 3 }}>
        Open discord
      </Button>
      {nextRace && <NextRaceBanner event={nextRace} />}
      {!nextRace && nextRaceKnown && (
        <Typography>
          No upcoming race yet.{' '}
          <Link component={RouterLink} to={pathTo('Event-List')}>
            Browse all events
          </Link>{' '}
          to find your next one.
        </Typography>
      )}
    </Box>
  );
}
