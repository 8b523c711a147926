import Box from '@mui/material/Box';

/** A 16:9 embedded player (YouTube-nocookie or Twitch) that loads when it scrolls into view. */
export function VideoEmbed({ src, title }: { src: string; title: string }) {
  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: 'common.black', borderRadius: 1, overflow: 'hidden' }}>
      <Box
        component="iframe"
        src={src}
        title={title}
        loading="lazy"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
      />
    </Box>
  );
}
