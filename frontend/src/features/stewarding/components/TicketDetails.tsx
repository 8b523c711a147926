import type { ReactNode } from 'react';
import { showTime } from '../../../components/dateTime.js';
import { Chip, Paper, Text } from '../../../components/ui/index.js';
import { outcomeText } from '../outcomes.js';
import { STATE_COLOURS, STATE_LABELS, raceText } from '../labels.js';
import type { DecisionDto, TicketDto } from '../types.js';
import { EvidenceList } from './Evidence.js';
import './ticket.css';

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Paper as="section" variant="outlined" aria-label={title} className="pd-ticket-section" id={id}>
      <Text variant="h6" as="h2" gutterBottom>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <div className="pd-ticket-fact">
      <Text variant="caption" tone="secondary" as="p">
        {label}
      </Text>
      <Text variant="body2">{value}</Text>
    </div>
  );
}

/** A decision as everyone reads it: each outcome with its driver, the written reason, who decided and when. */
export function DecisionView({ decision, title }: { decision: DecisionDto; title: string }) {
  return (
    <section aria-label={title} className="pd-ticket-decision">
      <Text variant="subtitle1" as="h3" className="pd-ticket-subheading">
        {title}
        {decision.round === 2 && decision.confirmed !== null && (
          <Chip size="small" className="pd-ticket-heading-chip" label={decision.confirmed ? 'Confirmed the first decision' : 'Replaced the first decision'} />
        )}
      </Text>
      <ul className="pd-ticket-bullets" aria-label={`${title}: outcomes`}>
        {decision.outcomes.length === 0 ? <li>No further action</li> : decision.outcomes.map((outcome, index) => <li key={index}>{outcomeText(outcome)}</li>)}
      </ul>
      <Text variant="body2" className="pd-ticket-prose pd-ticket-reason-text">
        {decision.reason}
      </Text>
      <Text variant="body2" tone="secondary">
        {decision.decidedBy.map((person) => person.name).join(', ')} · <time dateTime={decision.decidedAt}>{showTime(decision.decidedAt).dateTime}</time>
      </Text>
    </section>
  );
}

/** What a ticket says, for stewards and parties alike: race, drivers, the incident, evidence, statements, the decision and any appeal. */
export function TicketDetails({ ticket }: { ticket: TicketDto }) {
  return (
    <>
      <div className="pd-ticket-state">
        <Chip label={STATE_LABELS[ticket.state]} color={STATE_COLOURS[ticket.state]} />
        <Text variant="body1">{raceText(ticket)}</Text>
      </div>
      <Section title="Incident">
        <div className="pd-ticket-facts">
          <Fact label="Filed by" value={ticket.filer.driverName} />
          <Fact label="Drivers involved" value={ticket.accused.map((party) => party.driverName).join(', ')} />
          <Fact label="Lap" value={ticket.lap} />
          <Fact label="Corner" value={ticket.corner} />
          <Fact label="Time in race" value={ticket.raceTime} />
          <Fact label="Time in video" value={ticket.videoTimestamp} />
          <Fact label="Filed" value={showTime(ticket.filedAt).dateTime} />
        </div>
        <Text variant="body1" className="pd-ticket-prose pd-ticket-description">
          {ticket.description}
        </Text>
        <EvidenceList evidence={ticket.evidence} label="Evidence of the filing" />
      </Section>
      <Section title="Statements">
        {ticket.statements.length === 0 ? (
          <Text variant="body2" tone="secondary">
            No statements yet.
          </Text>
        ) : (
          ticket.statements.map((statement) => (
            <article key={statement.id} className="pd-ticket-statement">
              <Text variant="subtitle2" as="h3">
                {statement.author.driverName} ({statement.author.role === 'FILER' ? 'filed the ticket' : 'involved'}) ·{' '}
                <time dateTime={statement.createdAt}>{showTime(statement.createdAt).short}</time>
              </Text>
              <Text variant="body2" className="pd-ticket-prose">
                {statement.text}
              </Text>
              {statement.evidence.length > 0 && <EvidenceList evidence={statement.evidence} label={`Evidence of ${statement.author.driverName}`} />}
            </article>
          ))
        )}
      </Section>
      {(ticket.decision || ticket.appeal) && (
        <Section title="Decision">
          {ticket.decision && <DecisionView decision={ticket.decision} title={ticket.decision.round === 2 ? 'Appeal decision' : 'Decision'} />}
          {ticket.originalDecision && <DecisionView decision={ticket.originalDecision} title="First decision" />}
          {ticket.appeal && (
            <section aria-label="Appeal">
              <Text variant="subtitle1" as="h3" className="pd-ticket-subheading">
                Appeal by {ticket.appeal.by.driverName} · <time dateTime={ticket.appeal.createdAt}>{showTime(ticket.appeal.createdAt).short}</time>
                <Chip
                  size="small"
                  className="pd-ticket-heading-chip"
                  label={ticket.state === 'APPEALED' ? 'Being heard' : 'Decided'}
                  color={ticket.state === 'APPEALED' ? 'primary' : 'default'}
                />
              </Text>
              <Text variant="body2" className="pd-ticket-prose">
                {ticket.appeal.reason}
              </Text>
              {ticket.appeal.evidence.length > 0 && <EvidenceList evidence={ticket.appeal.evidence} label="Evidence of the appeal" />}
            </section>
          )}
          {ticket.appealableUntil && (
            <Text variant="body2" tone="secondary" className="pd-ticket-appealable">
              Appealable until <time dateTime={ticket.appealableUntil}>{showTime(ticket.appealableUntil).dateTime}</time>
            </Text>
          )}
        </Section>
      )}
    </>
  );
}
