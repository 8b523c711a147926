import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { showTime } from '../../../components/dateTime.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { Alert, Button, Chip, Dialog, Text } from '../../../components/ui/index.js';
import { usePaging } from '../../../components/usePaging.js';
import { stewardingQueries } from '../api.js';
import { STATE_COLOURS, STATE_LABELS, partiesText, raceText } from '../labels.js';
import { outcomesText } from '../outcomes.js';
import type { LicenceDto, TicketListItemDto } from '../types.js';
import { LICENCE_LOADING, MyTicketsFrame, MyTicketsListFrame, PartLoading, TICKETS_LOADING } from './MyTicketsFrame.js';
import { PartyForm } from './PartyForms.js';
import { TicketDetails } from './TicketDetails.js';
import './steward.css';

/** The own profile's "My tickets & licence points": licence points and active bans, and the tickets filed by or against the driver. */
export default function MyTicketsSection({ profileId }: { profileId: number }) {
  return (
    <MyTicketsFrame>
      <Licence profileId={profileId} />
      <MyTickets />
    </MyTicketsFrame>
  );
}

function Licence({ profileId }: { profileId: number }) {
  const licence = useQuery(stewardingQueries.licence(profileId));
  if (licence.isPending) return <PartLoading {...LICENCE_LOADING} />;
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
    <div className="pd-steward-licence">
      <Text>
        Licence points: <strong>{licence.activePoints}</strong> of {licence.banThreshold} (a race ban at {licence.banThreshold})
      </Text>
      {active.length > 0 && (
        <ul className="pd-list" aria-label="Licence points">
          {active.map((entry) => (
            <li key={`${entry.ticketId}-${entry.createdAt}`} className="pd-list-item">
              <span className="pd-list-primary">{`${entry.points} point${entry.points === 1 ? '' : 's'} · ${entry.event.name} (ticket #${entry.ticketId})`}</span>
              <span className="pd-list-secondary">{`Expire after ${entry.eventsLeft} more event${entry.eventsLeft === 1 ? '' : 's'}`}</span>
            </li>
          ))}
        </ul>
      )}
      {licence.bans.length === 0 ? (
        <Text variant="body2" tone="secondary">
          No active race bans.
        </Text>
      ) : (
        licence.bans.map((ban) => (
          <Alert key={ban.id} severity="warning" className="pd-steward-ban">
            Race ban: {ban.reason}. You cannot sign up for {ban.events.map((event) => `${event.name} (${showTime(event.date).short})`).join(', ') || 'the next events'}.
          </Alert>
        ))
      )}
    </div>
  );
}

function MyTickets() {
  const { paging, request, setPaging } = usePaging();
  const tickets = useQuery(stewardingQueries.mine(request));
  const [openId, setOpenId] = useState<number | null>(null);
  const list = tickets.data?.content ?? [];
  return (
    <MyTicketsListFrame>
      {tickets.isPending ? (
        <PartLoading {...TICKETS_LOADING} />
      ) : tickets.isError && !tickets.data ? (
        <Alert severity="error" action={<Button onClick={() => void tickets.refetch()}>Try again</Button>}>
          Your tickets could not be loaded.
        </Alert>
      ) : list.length === 0 ? (
        <Text variant="body2" tone="secondary">
          No tickets filed by or about you. Report an incident from a race's results.
        </Text>
      ) : (
        <ul className="pd-list" aria-label="Tickets filed by or about you">
          {list.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} onOpen={() => setOpenId(ticket.id)} />
          ))}
        </ul>
      )}
      <ListPagination label="Pages of my tickets" paging={paging} totalElements={tickets.data?.totalElements} onChange={setPaging} />
      {openId !== null && <PartyTicketDialog ticketId={openId} onClose={() => setOpenId(null)} />}
    </MyTicketsListFrame>
  );
}

function TicketRow({ ticket, onOpen }: { ticket: TicketListItemDto; onOpen: () => void }) {
  return (
    <li className="pd-list-item pd-steward-ticket">
      <div className="pd-steward-ticket-text">
        <span className="pd-list-primary">
          #{ticket.id} {raceText(ticket)} <Chip size="small" label={STATE_LABELS[ticket.state]} color={STATE_COLOURS[ticket.state]} />
        </span>
        <span className="pd-list-secondary">
          {`${partiesText(ticket)} · filed ${showTime(ticket.filedAt).short}${ticket.outcomes ? ` · ${outcomesText(ticket.outcomes)}` : ''}`}
        </span>
      </div>
      <Button onClick={onOpen} aria-label={`Open ticket #${ticket.id}`}>
        Open
      </Button>
    </li>
  );
}

function PartyTicketDialog({ ticketId, onClose }: { ticketId: number; onClose: () => void }) {
  const ticket = useQuery(stewardingQueries.ticket(ticketId));
  return (
    <Dialog open onClose={onClose} title={`Ticket #${ticketId}`} maxWidth="md" className="pd-steward-dialog" actions={<Button onClick={onClose}>Close</Button>}>
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
        <PartLoading label="Loading the ticket" height={240} />
      )}
    </Dialog>
  );
}
