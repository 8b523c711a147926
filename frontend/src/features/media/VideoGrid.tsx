import type { VideoDto } from '@paddock/contracts/events.js';
import { CardGrid } from '../../components/CardGrid.js';
import { VideoCard } from './VideoCard.js';

export function VideoGrid({ videos, label }: { videos: VideoDto[]; label: string }) {
  return (
    <CardGrid items={videos} keyOf={(video) => `${video.eventId}-${video.videoId}`} label={label} minCardWidth={320}>
      {(video) => <VideoCard video={video} />}
    </CardGrid>
  );
}
