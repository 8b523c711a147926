import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../../app/routes/routeTable.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../../events/index.js';
import type { CompetitionSummaryDto } from '../types.js';

/** Where a competition's card leads: its current season's details, or nowhere while it has none. */
export function competitionTarget(competition: Pick<CompetitionSummaryDto, 'id' | 'currentSeason'>): string | null {
  return competition.currentSeason ? pathTo('Competitions-Current-details', { competition: competition.id, season: competition.currentSeason.id }) : null;
}

/** A series at a glance: banner, icon and name, format, game, platforms and the season running now. */
export function CompetitionCard({ competition }: { competition: CompetitionSummaryDto }) {
  const target = competitionTarget(competition);
  return (
    <Card variant="outlined" component="article" aria-label={competition.name} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {competition.banner && <CardMedia component="img" image={competition.banner} alt="" sx={{ height: 120, objectFit: 'cover' }} />}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ lineHeight: 1.6, display: 'flex', alignItems: 'center', gap: 0.75 }}>
          {competition.game && <ImageIcon src={competition.game.icon} size={20} />}
          {[competition.game?.name, COMPETITION_STYLE_LABELS[competition.style]].filter(Boolean).join(' · ')}
        </Typography>
        <Typography variant="h6" component="h3" sx={{ display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}>
          <ImageIcon src={competition.icon} size={32} />
          {target ? (
            <Link component={RouterLink} to={target} color="inherit" underline="hover">
              {competition.name}
            </Link>
          ) : (
            competition.name
          )}
        </Typography>
        {competition.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {competition.description}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {competition.platforms.map((platform) => (
            <Chip key={platform} size="small" label={PLATFORM_LABELS[platform]} />
          ))}
        </Stack>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {competition.currentSeason ? competition.currentSeason.name : 'No season yet'}
        </Typography>
        {target && competition.currentSeason && (
          <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
            <Button
              component={RouterLink}
              to={pathTo('Competitions-Standings', { competition: competition.id, season: competition.currentSeason.id })}
              size="small"
              aria-label={`Standings of ${competition.name}`}
            >
              Standings
            </Button>
            <Button component={RouterLink} to={target} size="small" variant="contained" aria-label={`Rounds of ${competition.name}`}>
              Rounds
            </Button>
          </Box>
        )}
      </CardActions>
    </Card>
  );
}
