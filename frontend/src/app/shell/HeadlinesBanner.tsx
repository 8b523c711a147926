import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { communityQueries } from '../../features/community/index.js';

const scroll = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

/** The scrolling headlines under the header; hidden while there are none. Pauses on hover and for reduced motion. */
export function HeadlinesBanner() {
  const { data: headlines = [] } = useQuery(communityQueries.headlines());
  if (headlines.length === 0) return null;
  const line = headlines.map((headline) => headline.text).join('   •   ');
  return (
    <Box
      component="section"
      aria-label="Headlines"
      sx={{ overflow: 'hidden', bgcolor: 'secondary.main', color: 'secondary.contrastText', py: 0.5, fontWeight: 500, whiteSpace: 'nowrap' }}
    >
      <Box
        sx={{
          display: 'inline-flex',
          gap: 8,
          pl: 4,
          animation: `${scroll} ${Math.max(20, line.length / 4)}s linear infinite`,
          '&:hover': { animationPlayState: 'paused' },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', whiteSpace: 'normal' },
        }}
      >
        <span>{line}</span>
        {/* The copy makes the loop seamless; screen readers hear the line once. */}
        <span aria-hidden="true">{line}</span>
      </Box>
    </Box>
  );
}
