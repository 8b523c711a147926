import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { VideoDto } from '@paddock/contracts/events.js';
import { VideoGrid } from '../media/index.js';
import { pathTo } from '../../app/routes/routeTable.js';
import './home.css';

/** Home's Videos section: the latest race videos. Hidden while there are none. */
export function VideosSection({ videos }: { videos: VideoDto[] }) {
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="videos-title" className="pd-home-section">
      <div className="pd-home-section-head pd-home-section-head--spaced">
        <Typography id="videos-title" variant="h5" component="h2">
          Videos
        </Typography>
        <Link component={RouterLink} to={pathTo('Media')}>
          All videos
        </Link>
      </div>
      <VideoGrid videos={videos.slice(0, 3)} label="Latest videos" />
    </section>
  );
}
