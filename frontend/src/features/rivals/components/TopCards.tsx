import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import type { RivalTopEntryDto, RivalTopForTrackDto } from '@paddock/contracts/rivals.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { PLATFORM_LABELS } from '../labels.js';
import { ProvisionalMarker } from './ProvisionalMarker.js';

/** One card's height, kept while loading and when empty, so nothing below moves (CLS). */
export const TOP_CARD_HEIGHT = 236;

function TopEntry({ entry, position }: { entry: RivalTopEntryDto; position: number }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 0.75,
        px: 1,
        borderRadius: 1,
        // The car's picture behind the row, faded so the text stays readable.
        backgroundImage: entry.car.icon ? `linear-gradient(90deg, rgba(255,255,255,0.94) 55%, rgba(255,255,255,0.6)), url(${entry.car.icon})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'right center',
      }}
    >
      <Typography component="span" sx={{ fontWeight: 700, width: 20 }}>
        {position}
      </Typography>
      <Link component={RouterLink} to={pathTo('PublicProfile', { profile: entry.profile.id })} sx={{ flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {entry.profile.name}
      </Link>
      <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {entry.timeAsText}
      </Typography>
      {entry.provisional && <ProvisionalMarker />}
    </Box>
  );
}

/** SPEC §2 Rivals (Beta): the top three of each platform on a track, with 'See all' to its board. */
export function TopCards({ top }: { top: RivalTopForTrackDto }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {PLATFORMS.map((platform: Platform) => {
        const entries = top.results[platform] ?? [];
        const label = PLATFORM_LABELS[platform];
        return (
          <Card
            key={platform}
            variant="outlined"
            component="section"
            aria-label={`${label} top three`}
            sx={{ minHeight: TOP_CARD_HEIGHT, display: 'flex', flexDirection: 'column' }}
          >
            <CardContent sx={{ flexGrow: 1, pb: 0 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {label}
              </Typography>
              {entries.length === 0 ? (
                <Typography color="text.secondary">No times set yet</Typography>
              ) : (
                <Box component="ol" aria-label={`${label} top three times`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {entries.slice(0, 3).map((entry, index) => (
                    <TopEntry key={`${entry.profile.id}-${entry.car.id}`} entry={entry} position={index + 1} />
                  ))}
                </Box>
              )}
            </CardContent>
            <CardActions>
              <Button
                component={RouterLink}
                to={pathTo('Rivals', { platform: platform.toLowerCase(), game: top.game.id, track: top.track.id })}
                disabled={entries.length === 0}
                aria-label={`See all ${label} times`}
              >
                See all
              </Button>
            </CardActions>
          </Card>
        );
      })}
    </Box>
  );
}
