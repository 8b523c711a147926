import type { VideoDto } from '@paddock/contracts/events.js';
import { Text, TextLink } from '../../components/ui/index.js';
import { VideoGrid } from '../media/index.js';
import { pathTo } from '../../app/routes/routeTable.js';
import './home.css';

/** Home's Videos section: the latest race videos. Hidden while there are none. */
export function VideosSection({ videos }: { videos: VideoDto[] }) {
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="videos-title" className="pd-home-section">
      <div className="pd-home-section-head pd-home-section-head--spaced">
        <Text id="videos-title" variant="h5" as="h2">
          Videos
        </Text>
        <TextLink to={pathTo('Media')}>All videos</TextLink>
      </div>
      <VideoGrid videos={videos.slice(0, 3)} label="Latest videos" />
    </section>
  );
}
