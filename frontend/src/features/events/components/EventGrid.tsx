import Box from '@mui/material/Box';
import type { EventSummary } from '../types.js';
import { EventCard } from './EventCard.js';

/** Event cards in a grid that folds to one column on a phone. */
export function EventGrid({ events, image, label }: { events: EventSummary[]; image?: string; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))' }}
    >
      {events.map((event) => (
        <Box component="li" key={event.id}>
          <EventCard event={event} image={image} />
        </Box>
      ))}
    </Box>
  );
}
