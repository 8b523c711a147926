import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import type { CurrentUserDto } from '../../../../backend/src/contracts/api.js';
import { welcomeName } from '../auth/session.js';
import { nextPlannedEventAtom } from '../events/atoms.js';
import { configAtom } from '../site/atoms.js';
import { ChatIcon } from '../../components/icons.js';

/** Home for a signed-in driver: a greeting, the community link, and a hint when no race is planned. */
export function Welcome({ user }: { user: CurrentUserDto }) {
  const { discord } = useAtomValue(configAtom);
  const nextEvent = useAtomValue(nextPlannedEventAtom);
  return (
    <Box component="section" aria-labelledby="home-title" sx={{ py: { xs: 3, md: 5 } }}>
      <Typography id="home-title" variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' }, overflowWrap: 'anywhere' }}>
        Welcome {welcomeName(user)}
      </Typography>
      <Button
        variant="contained"
        href={discord.joinUrl}
        target="_blank"
        rel="noopener noreferrer"
        startIcon={<ChatIcon />}
        sx={{ mt: 3 }}
      >
        Open discord
      </Button>
      {!nextEvent && (
        <Typography sx={{ mt: 3 }}>
          No upcoming race yet.{' '}
          <Link component={RouterLink} to="/events">
            Browse all events
          </Link>{' '}
          to find your next one.
        </Typography>
      )}
    </Box>
  );
}
