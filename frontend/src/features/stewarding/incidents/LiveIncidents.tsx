import { useState } from 'react';
import { useAtomValue } from 'jotai';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { LiveIncident } from '@paddock/contracts/timing.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { LoadFailed } from '../../../components/LoadFailed.js';
import { TableHeader } from '../../../components/TableHeader.js';
import type { RealtimeConnection } from '../../../lib/realtime/connection.js';
import { sessionAtom } from '../../auth/index.js';
import { FileTicketDialog, type RaceDriver } from '../components/FileTicketDialog.js';
import { incidentCarText, incidentKindText, incidentTicketForm, raceTimeText } from '../ticketForm.js';
import type { TicketDto } from '../types.js';
import { useLiveIncidents } from './liveIncidents.js';

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
    <Box component="section" aria-label="Incidents" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Incidents
      </Typography>
      {filed && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => setFiled(null)}>
          <Link component={RouterLink} to={pathTo('Steward-Ticket', { ticket: filed.id })}>
            Ticket #{filed.id}
          </Link>{' '}
          filed.
        </Alert>
      )}
      {incidents.isError && !incidents.data ? (
        <LoadFailed title="The incidents could not be loaded" onRetry={() => void incidents.refetch()} />
      ) : incidents.isPending ? null : list.length === 0 ? (
        <EmptyState title="No incidents reported">Collisions and accidents the race's live timing reports appear here as they happen.</EmptyState>
      ) : (
        <TableContainer tabIndex={0} role="region" aria-label="Incidents, scrolls sideways" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Incidents">
            <TableHeader columns={['Lap', 'Time', 'Cars', 'What happened', '']} />
            <TableBody>
              {list.map((incident) => (
                <TableRow key={incident.id}>
                  <TableCell>{incident.lap ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{raceTimeText(incident.elapsedMs)}</TableCell>
                  <TableCell sx={{ minWidth: 180 }}>{incident.cars.map(incidentCarText).join(', ') || '—'}</TableCell>
                  <TableCell>
                    {incidentKindText(incident.kind)}
                    {incident.speedKmh !== null && ` at ${Math.round(incident.speedKmh)} km/h`}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setOpened(incident)}
                      aria-label={`Open a ticket on the incident at ${raceTimeText(incident.elapsedMs)}`}
                    >
                      Open a ticket
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
    </Box>
  );
}
