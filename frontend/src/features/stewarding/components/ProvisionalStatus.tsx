import { showTime } from '../../../components/dateTime.js';
import { Chip, Text } from '../../../components/ui/index.js';
import { useRaceStewarding } from '../api.js';
import type { RaceStewardingDto } from '../types.js';
import './steward.css';

/** The line beside the chip: when provisional results become final, in the viewer's zone (with its name). */
export function provisionalLine(status: Pick<RaceStewardingDto, 'raceId' | 'provisional' | 'finalAt' | 'openTickets'>): string {
  if (!status.provisional) return 'Final';
  if (status.finalAt) return `Final after ${showTime(status.finalAt).dateTime}`;
  const tickets = status.openTickets === 1 ? '1 open ticket is' : `${status.openTickets} open tickets are`;
  return status.openTickets > 0 ? `Final once ${tickets} decided` : 'Final once the stewards have decided';
}

/** "Provisional" until the protest window and every appeal is closed, then "Final" (issue #13). Nothing while loading or if the status cannot be read. */
export default function ProvisionalStatus({ raceId }: { raceId: number }) {
  const { data: status } = useRaceStewarding(raceId);
  if (!status) return null;
  const line = provisionalLine(status);
  return (
    <div role="status" aria-label={status.provisional ? `Provisional results: ${line}` : 'Final results'} className="pd-steward-status">
      {status.provisional ? (
        <Chip size="small" color="warning" variant="outlined" label="Provisional" />
      ) : (
        <Chip size="small" color="success" variant="outlined" label="Final" />
      )}
      {status.provisional && (
        <Text variant="body2" tone="secondary">
          {status.finalAt ? <time dateTime={status.finalAt}>{line}</time> : line}
        </Text>
      )}
    </div>
  );
}
