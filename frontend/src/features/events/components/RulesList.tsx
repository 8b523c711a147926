import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CAR_TUNING_LABELS, CAR_UPGRADE_LABELS, COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../labels.js';
import type { EventDto } from '../types.js';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The event's rules as a definition list. */
export function RulesList({ event }: { event: EventDto }) {
  const crossplay = event.game.crossPlayPlatforms.map((group) => `${group.name} (${group.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')})`).join('; ');
  const rules: [string, string][] = [
    ['Format', COMPETITION_STYLE_LABELS[event.competitionStyle]],
    ['Platforms', event.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ')],
    ['Crossplay', crossplay || 'None'],
    ['Car tuning', CAR_TUNING_LABELS[event.carTuningRule]],
    ['Car upgrades', CAR_UPGRADE_LABELS[event.carUpgradeRule]],
    ['Stewarded', yesNo(event.stewarded)],
    ['Leaderboards', yesNo(event.leaderboardsEnabled)],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
      {rules.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {term}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
