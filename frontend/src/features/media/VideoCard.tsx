import type { VideoDto } from '@paddock/contracts/events.js';
import { showTime } from '../../components/dateTime.js';
import { Card, CardContent, Text, TextLink } from '../../components/ui/index.js';
import { VideoEmbed } from '../../components/VideoEmbed.js';
import { eventDetailsPath } from '../events/index.js';
import './media.css';

/** A race video (SPEC §2 Videos): event name, the embedded video, the date. */
export function VideoCard({ video, headingLevel = 'h3' }: { video: VideoDto; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Card as="article" variant="outlined" aria-label={video.eventName} className="pd-video-card">
      <VideoEmbed src={video.embedUrl} title={`Video of ${video.eventName}`} onPlay />
      <CardContent>
        <Text variant="subtitle1" as={headingLevel} className="pd-video-card-title">
          <TextLink to={eventDetailsPath(video.eventId)} look="inherit">
            {video.eventName}
          </TextLink>
        </Text>
        <Text variant="body2" tone="secondary">
          <time dateTime={video.eventDate}>{showTime(video.eventDate).date}</time>
        </Text>
      </CardContent>
    </Card>
  );
}
