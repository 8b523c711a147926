import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { LiveIncident } from '@paddock/contracts/timing.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { Alert, Button, Table, TableHead, Text, TextLink } from '../../../components/ui/index.js';
import type { RealtimeConnection } from '../../../lib/realtime/connection.js';
import { sessionAtom } from '../../auth/index.js';
import { FileTicketDialog, type RaceDriver } from '../components/FileTicketDialog.js';
import { incidentCarText, incidentKindText, incidentTicketForm, raceTimeText } from '../ticketForm.js';
import type { TicketDto } from '../types.js';
import { useLiveIncidents } from './liveIncidents.js';
import '../components/steward.css';

export interface LiveIncidentsProps {
  raceId: number;
  /** "Round 3 at Spa: Race" */
  raceLabel: string;
  /** The live connection to listen on; the app's own by default. */
  connection?: RealtimeConnection;
}

/** The league drivers the timing matched among an incident's cars, the filer left out: who the ticket may name. */
function driversOf(incident: LiveIncident, filerProfileId: number | null): RaceDriver[] {
  const drivers = new Map<number, RaceDriver>();
  for (const car of incident.cars)
    if (car.profileId !== null && car.profileId !== filerProfileId) drivers.set(car.profileId, { profileId: car.profileId, driverName: incidentCarText(car) });
  return [...drivers.values()];
}

/**
 * The incidents the race's live timing reported (lap, time in the session, the cars, what happened), newest
 * arriving as they happen, each with "Open a ticket": the filing form pre-filled from the incident.
 */
export default function LiveIncidents({ raceId, raceLabel, connection }: LiveIncidentsProps) {
  const incidents = useLiveIncidents(raceId, connection);
  const { profileId } = useAtomValue(sessionAtom);
  const [opened, setOpened] = useState<LiveIncident | null>(null);
  const [filed, setFiled] = useState<TicketDto | null>(null);
  const list = incidents.data ?? [];

  return (
    <section aria-label="Incidents" className="pd-steward-incidents">
      <Text variant="h6" as="h2" className="pd-steward-incidents-title">
        Incidents
      </Text>
      {filed && (
        <Alert severity="success" className="pd-steward-filed" onClose={() => setFiled(null)}>
          <TextLink to={pathTo('Steward-Ticket', { ticket: filed.id })}>Ticket #{filed.id}</TextLink> filed.
        </Alert>
      )}
      {incidents.isError && !incidents.data ? (
        <LoadFailed title="The incidents could not be loaded" onRetry={() => void incidents.refetch()} />
      ) : incidents.isPending ? null : list.length === 0 ? (
        <EmptyState title="No incidents reported">Collisions and accidents the race's live timing reports appear here as they happen.</EmptyState>
      ) : (
        <Table size="small" aria-label="Incidents" regionLabel="Incidents, scrolls sideways">
          <TableHead columns={['Lap', 'Time', 'Cars', 'What happened', '']} />
          <tbody>
            {list.map((incident) => (
              <tr key={incident.id}>
                <td>{incident.lap ?? '—'}</td>
                <td className="pd-steward-nowrap">{raceTimeText(incident.elapsedMs)}</td>
                <td className="pd-steward-wide">{incident.cars.map(incidentCarText).join(', ') || '—'}</td>
                <td>
                  {incidentKindText(incident.kind)}
                  {incident.speedKmh !== null && ` at ${Math.round(incident.speedKmh)} km/h`}
                </td>
                <td>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setOpened(incident)}
                    aria-label={`Open a ticket on the incident at ${raceTimeText(incident.elapsedMs)}`}
                  >
                    Open a ticket
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {opened && (
        <FileTicketDialog
          open
          onClose={() => setOpened(null)}
          onFiled={(ticket) => {
            setOpened(null);
            setFiled(ticket);
          }}
          raceId={raceId}
          raceLabel={raceLabel}
          drivers={driversOf(opened, profileId)}
          initialValues={incidentTicketForm(opened, profileId)}
        />
      )}
    </section>
  );
}
