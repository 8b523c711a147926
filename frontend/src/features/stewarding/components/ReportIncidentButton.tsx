import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FlagIcon } from '../../../components/icons.js';
import type { TicketDto } from '../types.js';
import { FileTicketDialog, type RaceDriver } from './FileTicketDialog.js';

export interface ReportIncidentButtonProps {
  raceId: number;
  raceLabel: string;
  /** The race's results: the drivers who may be named. */
  drivers: RaceDriver[];
  /** The signed-in driver (who raced), left out of the drivers to name. */
  profileId: number;
}

/** "Report an incident" under a race's results, for a driver who raced in it; says where to follow the ticket once filed. */
export default function ReportIncidentButton({ raceId, raceLabel, drivers, profileId }: ReportIncidentButtonProps) {
  const [open, setOpen] = useState(false);
  const [filed, setFiled] = useState<TicketDto | null>(null);
  return (
    <Box sx={{ mt: 1 }}>
      <Button size="small" variant="outlined" startIcon={<FlagIcon />} onClick={() => setOpen(true)} aria-label={`Report an incident in ${raceLabel}`}>
        Report an incident
      </Button>
      {filed && (
        <Alert severity="success" sx={{ mt: 1 }} onClose={() => setFiled(null)}>
          Ticket #{filed.id} filed. The stewards will review it; follow it under My tickets on your profile.
        </Alert>
      )}
      {open && (
        <FileTicketDialog
          open
          onClose={() => setOpen(false)}
          onFiled={(ticket) => {
            setOpen(false);
            setFiled(ticket);
          }}
          raceId={raceId}
          raceLabel={raceLabel}
          drivers={drivers.filter((driver) => driver.profileId !== profileId)}
        />
      )}
    </Box>
  );
}
