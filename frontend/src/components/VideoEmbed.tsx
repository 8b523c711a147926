import './VideoEmbed.css';

/** A 16:9 embedded player (YouTube-nocookie or Twitch) that loads when it scrolls into view. */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  return (
    <div className="pd-video-embed">
      <iframe
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
