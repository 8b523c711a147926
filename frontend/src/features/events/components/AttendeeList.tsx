import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { AttendeeDto } from '../types.js';
import { pathTo } from '../../../app/routes/routeTable.js';

/** Who is in (who raced, once the event is past): each driver links to their public profile. */
export function AttendeeList({ attendees, past = false }: { attendees: AttendeeDto[]; past?: boolean }) {
  if (attendees.length === 0)
    return <Typography color="text.secondary">{past ? 'Nobody raced in this event.' : 'Nobody has joined yet — be the first on the grid.'}</Typography>;
  return (
    <List dense aria-label={past ? 'Drivers who raced' : 'Drivers in this event'} sx={{ columns: { sm: 2 }, columnGap: 3 }}>
      {attendees.map((attendee) => (
        <ListItem key={attendee.profileId} disableGutters sx={{ breakInside: 'avoid' }}>
          <ListItemText
            primary={
              <Link component={RouterLink} to={pathTo('PublicProfile', { profile: attendee.profileId })} underline="hover">
                {attendee.driverName}
              </Link>
            }
            secondary={attendee.team?.name}
          />
        </ListItem>
      ))}
    </List>
  );
}
