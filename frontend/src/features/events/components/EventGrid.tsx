import { CardGrid } from '../../../components/CardGrid.js';
import type { EventSummary } from '../types.js';
import { EventCard } from './EventCard.js';

export function EventGrid({ events, image, label }: { events: EventSummary[]; image?: string; label: string }) {
  return (
    <CardGrid items={events} keyOf={(event) => event.id} label={label}>
      {(event) => <EventCard event={event} image={image} />}
    </CardGrid>
  );
}
