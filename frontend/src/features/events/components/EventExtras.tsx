import { CaptainTeamEntries } from '../teams/CaptainTeamEntries.js';
import type { EventDetailsDto } from '../types.js';
import { AssessmentStanding, NewDriversPanel } from './NewDrivers.js';

/** What the event page adds for some viewers: a captain's team entry, a driver's assessment standing, the organizers' new drivers. */
export function EventExtras({ event }: { event: EventDetailsDto }) {
  return (
    <>
      <AssessmentStanding event={event} />
      <CaptainTeamEntries event={event} />
      <NewDriversPanel event={event} />
    </>
  );
}
