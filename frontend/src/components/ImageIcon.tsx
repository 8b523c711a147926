import './common.css';

/**
 * An uploaded icon (a game's, a track's) beside its name, or nothing when none was uploaded. Its name
 * is written next to it, so the picture itself is decoration (`alt=""`) unless `alt` says otherwise.
 */
export function ImageIcon({ src, size = 24, alt = '' }: { src: string | null | undefined; size?: number; alt?: string }) {
  if (!src) return null;
  return <img className="pd-image-icon" src={src} alt={alt} width={size} height={size} loading="lazy" style={{ width: size, height: size }} />;
}
