import { useState } from 'react';
import { PlayIcon } from './icons.js';
import './VideoEmbed.css';

interface VideoEmbedProps {
  src: string;
  title: string;
  /**
   * Shows a play button in the player's place and loads the player (megabytes of a video site's
   * scripts, each) only when it is pressed: for lists of videos (Home, Media), where most are never played.
   */
  onPlay?: boolean;
}

/** A 16:9 embedded player (YouTube-nocookie or Twitch) that loads when it scrolls into view, or when played. */
export function VideoEmbed({ src, title, onPlay = false }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(!onPlay);
  return (
    <div className="pd-video-embed">
      {playing ? (
        <iframe
          src={onPlay ? withAutoplay(src) : src}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button type="button" className="pd-video-play" aria-label={`Play: ${title}`} onClick={() => setPlaying(true)}>
          <PlayIcon />
        </button>
      )}
    </div>
  );
}

/** The player starts at once: the press that loaded it was the press to play. */
function withAutoplay(src: string): string {
  const url = new URL(src, window.location.origin);
  url.searchParams.set('autoplay', '1');
  return url.toString();
}
