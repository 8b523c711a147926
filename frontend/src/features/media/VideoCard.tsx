import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { VideoDto } from '@paddock/contracts/events.js';
import { showTime } from '../../components/dateTime.js';
import { VideoEmbed } from '../../components/VideoEmbed.js';
import { eventDetailsPath } from '../events/index.js';

/** A race video (SPEC §2 Videos): event name, the embedded video, the date. */
export function VideoCard({ video, headingLevel = 'h3' }: { video: VideoDto; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card variant="outlined" component="article" aria-label={video.eventName} sx={{ height: '100%' }}>
      <VideoEmbed src={video.embedUrl} title={`Video of ${video.eventName}`} />
      <CardContent>
        <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={eventDetailsPath(video.eventId)} color="inherit" underline="hover">
            {video.eventName}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={video.eventDate}>{showTime(video.eventDate).date}</time>
        </Typography>
      </CardContent>
    </Card>
  );
}
