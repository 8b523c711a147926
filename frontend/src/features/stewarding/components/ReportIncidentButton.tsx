import { useState } from 'react';
import { showTime } from '../../../components/dateTime.js';
import { FlagIcon } from '../../../components/icons.js';
import { Alert, Button, Text } from '../../../components/ui/index.js';
import { useRaceStewarding } from '../api.js';
import { durationText } from '../timeLeft.js';
import type { RaceStewardingDto, TicketDto } from '../types.js';
import { useNow } from '../useNow.js';
import { FileTicketDialog, type RaceDriver } from './FileTicketDialog.js';
import './steward.css';

export interface ReportIncidentButtonProps {
  raceId: number;
  raceLabel: string;
  /** The race's results: the drivers who may be named. */
  drivers: RaceDriver[];
  /** The signed-in driver (who raced), left out of the drivers to name. */
  profileId: number;
}

/** Where the race's filing window stands at `now`, in words with moments in the viewer's zone; null outside a season (no tickets). */
export function filingWindowText(status: Pick<RaceStewardingDto, 'filingOpensAt' | 'filingClosesAt'>, now: number): { open: boolean; text: string } | null {
  const { filingOpensAt: opensAt, filingClosesAt: closesAt } = status;
  if (!opensAt || !closesAt) return null;
  if (now < Date.parse(opensAt)) return { open: false, text: `Incidents can be reported from ${showTime(opensAt).dateTime}` };
  if (now >= Date.parse(closesAt)) return { open: false, text: `Filing closed on ${showTime(closesAt).dateTime}` };
  return { open: true, text: `Filing is open for ${durationText(Date.parse(closesAt) - now)} more (until ${showTime(closesAt).dateTime})` };
}

/**
 * "Report an incident" under a race's results, for a driver who raced in it, only while filing is open (with
 * the time left); otherwise when filing opens or closed. Says where to follow the ticket once filed.
 */
export default function ReportIncidentButton({ raceId, raceLabel, drivers, profileId }: ReportIncidentButtonProps) {
  const [open, setOpen] = useState(false);
  const [filed, setFiled] = useState<TicketDto | null>(null);
  const { data: status } = useRaceStewarding(raceId);
  const now = useNow();
  const window = status ? filingWindowText(status, now) : null;
  if (!window) return null;
  return (
    <div className="pd-steward-report">
      {window.open && (
        <Button size="small" variant="outlined" startIcon={<FlagIcon />} onClick={() => setOpen(true)} aria-label={`Report an incident in ${raceLabel}`}>
          Report an incident
        </Button>
      )}
      <Text variant="body2" tone="secondary">
        {window.text}
      </Text>
      {filed && (
        <Alert severity="success" onClose={() => setFiled(null)}>
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
    </div>
  );
}
