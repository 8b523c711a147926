import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { usePaging } from '../../../components/usePaging.js';
import { stewardingQueries } from '../api.js';
import { STATE_COLOURS, STATE_LABELS, partiesText, raceText } from '../labels.js';
import { outcomesText } from '../outcomes.js';
import type { LicenceDto, TicketListItemDto } from '../types.js';
import { PartyForm } from './PartyForms.js';
import { TicketDetails } from './TicketDetails.js';

/** The own profile's "My tickets & licence points": licence points and active bans, and the tickets filed by or against the driver. */
export default function MyTicketsSection({ profileId }: { profileId: number }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id={titleId} variant="h5" component="h2" gutterBottom>
        My tickets & licence points
      </Typography>
      <Licence profileId={profileId} />
      <MyTickets />
    </Paper>
  );
}

function Licence({ profileId }: { profileId: number }) {
  const licence = useQuery(stewardingQueries.licence(profileId));
  if (licence.isPending) return <Skeleton variant="rounded" height={60} role="progressbar" aria-label="Loading your licence points" />;
  if (licence.isError)
    return (
      <Alert severity="error" action={<Button onClick={() => void licence.refetch()}>Try again</Button>}>
        Your licence points could not be loaded.
      </Alert>
    );
  return <LicenceView licence={licence.data} />;
}

function LicenceView({ licence }: { licence: LicenceDto }) {
  const active = licence.entries.filter((entry) => !entry.expired);
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body1">
        Licence points: <strong>{licence.activePoints}</strong> of {licence.banThreshold} (a race ban at {licence.banThreshold})
      </Typography>
      {active.length > 0 && (
        <List dense aria-label="Licence points">
          {active.map((entry) => (
            <ListItem key={`${entry.ticketId}-${entry.createdAt}`} disableGutters>
              <ListItemText
                primary={`${entry.points} point${entry.points === 1 ? '' : 's'} · ${entry.event.name} (ticket #${entry.ticketId})`}
                secondary={`Expire after ${entry.eventsLeft} more event${entry.eventsLeft === 1 ? '' : 's'}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {licence.bans.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No active race bans.
        </Typography>
      ) : (
        licence.bans.map((ban) => (
          <Alert key={ban.id} severity="warning" sx={{ mt: 1 }}>
            Race ban: {ban.reason}. You cannot sign up for {ban.events.map((event) => `${event.name} (${showTime(event.date).short})`).join(', ') || 'the next events'}.
          </Alert>
        ))
      )}
    </Box>
  );
}

function MyTickets() {
  const { paging, request, setPaging } = usePaging();
  const tickets = useQuery(stewardingQueries.mine(request));
  const [openId, setOpenId] = useState<number | null>(null);
  const list = tickets.data?.content ?? [];
  return (
    <Box component="section" aria-label="My tickets">
      <Typography variant="h6" component="h3">
        My tickets
      </Typography>
      {tickets.isPending ? (
        <Skeleton variant="rounded" height={80} role="progressbar" aria-label="Loading your tickets" />
      ) : tickets.isError && !tickets.data ? (
        <Alert severity="error" action={<Button onClick={() => void tickets.refetch()}>Try again</Button>}>
          Your tickets could not be loaded.
        </Alert>
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No tickets filed by or about you. Report an incident from a race's results.
        </Typography>
      ) : (
        <List aria-label="Tickets filed by or about you">
          {list.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} onOpen={() => setOpenId(ticket.id)} />
          ))}
        </List>
      )}
      <ListPagination label="Pages of my tickets" paging={paging} totalElements={tickets.data?.totalElements} onChange={setPaging} />
      {openId !== null && <PartyTicketDialog ticketId={openId} onClose={() => setOpenId(null)} />}
    </Box>
  );
}

function TicketRow({ ticket, onOpen }: { ticket: TicketListItemDto; onOpen: () => void }) {
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={
        <Button onClick={onOpen} aria-label={`Open ticket #${ticket.id}`}>
          Open
        </Button>
      }
      sx={{ pr: 10 }}
    >
      <ListItemText
        primary={
          <>
            #{ticket.id} {raceText(ticket)} <Chip size="small" label={STATE_LABELS[ticket.state]} color={STATE_COLOURS[ticket.state]} sx={{ ml: 0.5 }} />
          </>
        }
        secondary={`${partiesText(ticket)} · filed ${showTime(ticket.filedAt).short}${ticket.outcomes ? ` · ${outcomesText(ticket.outcomes)}` : ''}`}
      />
    </ListItem>
  );
}

function PartyTicketDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = useId();
  const ticket = useQuery(stewardingQueries.ticket(ticketId));
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Ticket #{ticketId}</DialogTitle>
      <DialogContent>
        {ticket.data ? (
          <>
            <TicketDetails ticket={ticket.data} />
            {ticket.data.canAddStatement && <PartyForm ticket={ticket.data} kind="statement" />}
            {ticket.data.canAppeal && <PartyForm ticket={ticket.data} kind="appeal" />}
          </>
        ) : ticket.isError ? (
          <Alert severity="error" action={<Button onClick={() => void ticket.refetch()}>Try again</Button>}>
            The ticket could not be loaded.
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={240} role="progressbar" aria-label="Loading the ticket" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
