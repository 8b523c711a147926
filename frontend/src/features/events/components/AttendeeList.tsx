import { Text, TextLink } from '../../../components/ui/index.js';
import type { AttendeeDto } from '../types.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import './eventDetails.css';

/** Who is in (who raced, once the event is past): each driver links to their public profile. */
export function AttendeeList({ attendees, past = false }: { attendees: AttendeeDto[]; past?: boolean }) {
  if (attendees.length === 0) return <Text tone="secondary">{past ? 'Nobody raced in this event.' : 'Nobody has joined yet — be the first on the grid.'}</Text>;
  return (
    <ul aria-label={past ? 'Drivers who raced' : 'Drivers in this event'} className="pd-event-list pd-event-attendees">
      {attendees.map((attendee) => (
        <li key={attendee.profileId} className="pd-event-list-item">
          <span className="pd-event-list-primary">
            <TextLink to={pathTo('PublicProfile', { profile: attendee.profileId })} className="pd-event-hover-link">
              {attendee.driverName}
            </TextLink>
          </span>
          {attendee.team?.name && <span className="pd-event-list-secondary">{attendee.team.name}</span>}
        </li>
      ))}
    </ul>
  );
}
