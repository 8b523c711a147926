import { useDeferredValue } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { MessagePage } from '../../../components/MessagePage.js';
import { showTime, viewerTimeZone } from '../../../components/dateTime.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { routeId } from '../../../components/routeId.js';
import { Alert, Button, ButtonLink, Container, Text, TextField } from '../../../components/ui/index.js';
import { ApiError } from '../../../lib/api/client.js';
import { FormStatusMessage } from '../../../components/form/FormStatusMessage.js';
import { useApiForm } from '../../../lib/forms/useApiForm.js';
import { useRoom } from '../../../lib/realtime/useRoom.js';
import { stewardingCommands, stewardingKeys, stewardingQueries } from '../api.js';
import { afterOwnTicketChange } from '../cache.js';
import { AUDIT_LABELS } from '../labels.js';
import { outcomeText, rowsOf, type OutcomeFormValues } from '../outcomes.js';
import { timeLeft } from '../timeLeft.js';
import type { TicketDto, TicketInternalDto } from '../types.js';
import { useNow } from '../useNow.js';
import { voteView, votesCastText } from '../votes.js';
import { OutcomeEditor } from './OutcomeEditor.js';
import { Section, TicketDetails } from './TicketDetails.js';
import './ticket.css';

const BACK = (
  <ButtonLink to={pathTo('Steward-Tickets')} className="pd-ticket-back">
    ← All tickets
  </ButtonLink>
);

/** Steward-Ticket: the ticket, its internal thread, the panel's votes (others' hidden until you vote), the decision, the appeal and the audit trail; live. */
export default function TicketPage() {
  const id = routeId(useParams().ticket);
  const ticket = useQuery({ ...stewardingQueries.ticket(id ?? 0), enabled: id !== null });
  // The first answer is drawn as a deferred update (React splits it into short slices), not in the answer's urgent one: no long task.
  const drawn = useDeferredValue(ticket.data !== undefined);
  useRoom(id === null ? null : 'flag:isSteward', id === null ? undefined : stewardingKeys.ticket(id));

  if (id === null || (ticket.error instanceof ApiError && ticket.error.status === 404))
    return <MessagePage before={BACK} heading="Ticket not found" title="There is no such ticket." />;
  if (ticket.isError)
    return <MessagePage before={BACK} heading="The ticket could not be loaded" title="The server did not answer as it should." onRetry={() => void ticket.refetch()} />;
  if (!ticket.data || !drawn) return <CenteredLoader label="Loading the ticket" />;
  return (
    <Container maxWidth="md" page>
      {BACK}
      <PageTitle>{`Ticket #${ticket.data.id}`}</PageTitle>
      <DueLine ticket={ticket.data} />
      <TicketDetails ticket={ticket.data} />
      {ticket.data.internal && <StewardPanel ticket={ticket.data} internal={ticket.data.internal} />}
    </Container>
  );
}

function DueLine({ ticket }: { ticket: TicketDto }) {
  const now = useNow();
  const left = timeLeft(ticket.decisionDueAt, now);
  if (!left) return null;
  return (
    <Alert severity={left.overdue ? 'error' : left.urgent ? 'warning' : 'info'} className="pd-ticket-band">
      Decision due {left.due} ({viewerTimeZone()}): {left.text}.
    </Alert>
  );
}

function StewardPanel({ ticket, internal }: { ticket: TicketDto; internal: TicketInternalDto }) {
  const queryClient = useQueryClient();
  const parties = [ticket.filer, ...ticket.accused];
  const view = voteView(internal);
  const after = (saved: TicketDto) => afterOwnTicketChange(queryClient, saved);
  const blank: OutcomeFormValues = { rows: ticket.accused.map((party) => ({ kind: 'NO_FURTHER_ACTION', profileId: party.profileId, amount: '' })), reason: '' };
  const voteInitial: OutcomeFormValues = internal.myVote ? { rows: rowsOf(internal.myVote.outcomes), reason: internal.myVote.reason } : blank;
  const standing = ticket.state === 'APPEALED' ? null : ticket.decision;
  const decisionInitial: OutcomeFormValues = standing ? { rows: rowsOf(standing.outcomes), reason: standing.reason } : voteInitial;
  const round = ticket.state === 'APPEALED' ? 'the appeal' : 'this ticket';
  const decideBlocked =
    internal.recusedReason ??
    (internal.canDecide
      ? null
      : `A decision needs ${internal.settings.majority} of ${internal.settings.panelSize} stewards agreeing on the outcomes, or the head steward (${votesCastText(internal.votesCast).toLowerCase()}).`);

  return (
    <>
      {internal.recusedReason && (
        <Alert severity="warning" className="pd-ticket-band" role="status">
          You are recused from {round}: {internal.recusedReason}
        </Alert>
      )}
      <Section title="Votes">
        {view.kind === 'shown' ? (
          <ul aria-label="Votes of the panel" className="pd-ticket-list">
            {view.votes.map((vote) => (
              <li key={vote.steward.userId} className="pd-ticket-list-item">
                <span className="pd-ticket-list-primary">{`${vote.steward.name}: ${vote.outcomes.length === 0 ? 'No further action' : vote.outcomes.map(outcomeText).join('; ')}`}</span>
                <span className="pd-ticket-list-secondary">{`${vote.reason} · ${showTime(vote.createdAt).short}`}</span>
              </li>
            ))}
          </ul>
        ) : view.kind === 'hidden' ? (
          <Text variant="body2">{view.text}</Text>
        ) : (
          <Text variant="body2">
            {votesCastText(view.votesCast)}. You do not vote on {round}.
          </Text>
        )}
        <div className="pd-ticket-vote">
          <OutcomeEditor
            title={internal.myVote ? 'Your vote (a new vote replaces it)' : 'Your vote'}
            submitLabel="Cast vote"
            parties={parties}
            initial={voteInitial}
            disabledReason={internal.recusedReason ? `You cannot vote: ${internal.recusedReason}` : null}
            savedText="Your vote is in."
            reasonLabel="Reason for your vote"
            onSubmit={async (outcomes, reason, key) => after(await stewardingCommands.vote(ticket.id, { outcomes, reason }, key))}
          />
        </div>
      </Section>
      <Section title={ticket.state === 'APPEALED' ? 'Decide the appeal' : ticket.decision ? 'Change the decision' : 'Decide'}>
        {ticket.decision && ticket.state !== 'APPEALED' && (
          <Text variant="body2" tone="secondary" className="pd-ticket-note">
            Deciding again replaces the standing decision and its effect on the results.
          </Text>
        )}
        <OutcomeEditor
          title="Decision"
          submitLabel="Publish decision"
          parties={parties}
          initial={decisionInitial}
          disabledReason={decideBlocked}
          savedText="Decision published."
          onSubmit={async (outcomes, reason, key) => after(await stewardingCommands.decide(ticket.id, { outcomes, reason }, key))}
        />
      </Section>
      <Thread ticketId={ticket.id} internal={internal} />
      <Section title="Audit trail">
        <ul aria-label="Audit trail" className="pd-ticket-list">
          {internal.audit.map((entry, index) => (
            <li key={index} className="pd-ticket-list-item">
              <span className="pd-ticket-list-primary">{`${AUDIT_LABELS[entry.action]}: ${entry.detail}`}</span>
              <span className="pd-ticket-list-secondary">
                {entry.actor?.name ?? 'The system'} · <time dateTime={entry.at}>{showTime(entry.at).dateTime}</time>
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

function Thread({ ticketId, internal }: { ticketId: number; internal: TicketInternalDto }) {
  const queryClient = useQueryClient();
  const thread = useApiForm<{ text: string }, TicketDto>({
    defaultValues: { text: '' },
    submit: ({ text }, key) => stewardingCommands.postMessage(ticketId, { text: text.trim() }, key),
    onSaved: (ticket) => {
      afterOwnTicketChange(queryClient, ticket);
      thread.form.reset({ text: '' });
    },
    notSaved: 'The message was not posted',
  });
  const { onSubmit, busy, status, text } = thread;
  const recused = Boolean(internal.recusedReason);
  return (
    <Section title="Stewards' thread">
      {internal.thread.length === 0 ? (
        <Text variant="body2" tone="secondary">
          No messages yet. Only stewards see this thread.
        </Text>
      ) : (
        <ul aria-label="Stewards' thread" className="pd-ticket-list">
          {internal.thread.map((message) => (
            <li key={message.id} className="pd-ticket-list-item">
              <span className="pd-ticket-list-primary pd-ticket-prose">{message.text}</span>
              <span className="pd-ticket-list-secondary">{`${message.author.name} · ${showTime(message.createdAt).short}`}</span>
            </li>
          ))}
        </ul>
      )}
      <form aria-label="Post to the stewards' thread" noValidate onSubmit={(event) => void onSubmit(event)} className="pd-ticket-thread-form">
        <TextField
          {...text('text', {
            label: 'Message to the stewards',
            required: true,
            help: internal.recusedReason ? `You cannot post: ${internal.recusedReason}` : ' ',
          })}
          multiline
          minRows={2}
          fullWidth
          disabled={busy || recused}
        />
        <FormStatusMessage status={status} flush />
        <Button type="submit" variant="outlined" disabled={busy || recused} className="pd-ticket-submit">
          Post message
        </Button>
      </form>
    </Section>
  );
}
