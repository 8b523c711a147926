import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useAtom } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { rivalBeatenAtom } from '../atoms.js';
import { PLATFORM_LABELS, trackLabel } from '../labels.js';

/**
 * "Your rival beat you" (issue #12): the newest notice under the header, announced politely to screen
 * readers; Dismiss (a real button, so Tab and Enter reach it) removes it and shows the next, if any.
 */
export default function RivalBeatenNotice() {
  const [notices, setNotices] = useAtom(rivalBeatenAtom);
  const notice = notices[0];
  if (!notice) return null;
  const more = notices.length - 1;
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, py: 0.5, bgcolor: 'background.paper' }}>
      <Alert
        severity="info"
        role="status"
        aria-live="polite"
        action={
          <Button color="inherit" size="small" onClick={() => setNotices((current) => current.slice(1))}>
            Dismiss
          </Button>
        }
      >
        Your rival {notice.rival.name} beat you on{' '}
        <Link component={RouterLink} to={pathTo('Rivals', { platform: notice.platform.toLowerCase(), game: notice.gameId, track: notice.track.id })} color="inherit">
          {trackLabel(notice.track)}
        </Link>{' '}
        ({PLATFORM_LABELS[notice.platform]}): {notice.rivalTimeAsText} against your {notice.yourTimeAsText}.{more > 0 ? ` ${more} more.` : ''}
      </Alert>
    </Box>
  );
}
