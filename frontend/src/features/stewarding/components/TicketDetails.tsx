import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { showTime } from '../../../components/dateTime.js';
import { outcomeText } from '../outcomes.js';
import { STATE_COLOURS, STATE_LABELS, raceText } from '../labels.js';
import type { DecisionDto, TicketDto } from '../types.js';
import { EvidenceList } from './Evidence.js';

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2, mb: 2 }} id={id}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string | number | null }) {
  if (value === null || value === '') return null;
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2">{value}</Typography>
    </Box>
  );
}

/** A decision as everyone reads it: each outcome with its driver, the written reason, who decided and when. */
export function DecisionView({ decision, title }: { decision: DecisionDto; title: string }) {
  return (
    <Box aria-label={title} component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {title}
        {decision.round === 2 && decision.confirmed !== null && (
          <Chip size="small" sx={{ ml: 1 }} label={decision.confirmed ? 'Confirmed the first decision' : 'Replaced the first decision'} />
        )}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={`${title}: outcomes`}>
        {decision.outcomes.length === 0 ? <li>No further action</li> : decision.outcomes.map((outcome, index) => <li key={index}>{outcomeText(outcome)}</li>)}
      </Box>
      <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
        {decision.reason}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {decision.decidedBy.map((person) => person.name).join(', ')} · <time dateTime={decision.decidedAt}>{showTime(decision.decidedAt).dateTime}</time>
      </Typography>
    </Box>
  );
}

/** What a ticket says, for stewards and parties alike: race, drivers, the incident, evidence, statements, the decision and any appeal. */
export function TicketDetails({ ticket }: { ticket: TicketDto }) {
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <Chip label={STATE_LABELS[ticket.state]} color={STATE_COLOURS[ticket.state]} />
        <Typography variant="body1">{raceText(ticket)}</Typography>
      </Box>
      <Section title="Incident">
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', mb: 1 }}>
          <Fact label="Filed by" value={ticket.filer.driverName} />
          <Fact label="Drivers involved" value={ticket.accused.map((party) => party.driverName).join(', ')} />
          <Fact label="Lap" value={ticket.lap} />
          <Fact label="Corner" value={ticket.corner} />
          <Fact label="Time in race" value={ticket.raceTime} />
          <Fact label="Time in video" value={ticket.videoTimestamp} />
          <Fact label="Filed" value={showTime(ticket.filedAt).dateTime} />
        </Box>
        <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
          {ticket.description}
        </Typography>
        <EvidenceList evidence={ticket.evidence} label="Evidence of the filing" />
      </Section>
      <Section title="Statements">
        {ticket.statements.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No statements yet.
          </Typography>
        ) : (
          ticket.statements.map((statement) => (
            <Box key={statement.id} component="article" sx={{ mb: 2 }}>
              <Typography variant="subtitle2" component="h3">
                {statement.author.driverName} ({statement.author.role === 'FILER' ? 'filed the ticket' : 'involved'}) ·{' '}
                <time dateTime={statement.createdAt}>{showTime(statement.createdAt).short}</time>
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {statement.text}
              </Typography>
              {statement.evidence.length > 0 && <EvidenceList evidence={statement.evidence} label={`Evidence of ${statement.author.driverName}`} />}
            </Box>
          ))
        )}
      </Section>
      {(ticket.decision || ticket.appeal) && (
        <Section title="Decision">
          {ticket.decision && <DecisionView decision={ticket.decision} title={ticket.decision.round === 2 ? 'Appeal decision' : 'Decision'} />}
          {ticket.originalDecision && <DecisionView decision={ticket.originalDecision} title="First decision" />}
          {ticket.appeal && (
            <Box component="section" aria-label="Appeal">
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                Appeal by {ticket.appeal.by.driverName} · <time dateTime={ticket.appeal.createdAt}>{showTime(ticket.appeal.createdAt).short}</time>
                <Chip
                  size="small"
                  sx={{ ml: 1 }}
                  label={ticket.state === 'APPEALED' ? 'Being heard' : 'Decided'}
                  color={ticket.state === 'APPEALED' ? 'secondary' : 'default'}
                />
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {ticket.appeal.reason}
              </Typography>
              {ticket.appeal.evidence.length > 0 && <EvidenceList evidence={ticket.appeal.evidence} label="Evidence of the appeal" />}
            </Box>
          )}
          {ticket.appealableUntil && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Appealable until <time dateTime={ticket.appealableUntil}>{showTime(ticket.appealableUntil).dateTime}</time>
            </Typography>
          )}
        </Section>
      )}
    </>
  );
}
