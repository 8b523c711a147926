import Box from '@mui/material/Box';
import type { VideoDto } from '../../../../backend/src/contracts/events.js';
import { VideoCard } from './VideoCard.js';

export function VideoGrid({ videos, label }: { videos: VideoDto[]; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' }}
    >
      {videos.map((video) => (
        <Box component="li" key={`${video.eventId}-${video.videoId}`}>
          <VideoCard video={video} />
        </Box>
      ))}
    </Box>
  );
}
