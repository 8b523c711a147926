import { Text } from '../../../components/ui/index.js';
import { CAR_TUNING_LABELS, CAR_UPGRADE_LABELS, COMPETITION_STYLE_LABELS, PLATFORM_LABELS } from '../labels.js';
import type { EventDto } from '../types.js';
import './eventDetails.css';

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
    <dl className="pd-event-rules">
      {rules.map(([term, value]) => (
        <div key={term} className="pd-event-rule">
          <Text as="dt" tone="secondary">
            {term}
          </Text>
          <Text as="dd">{value}</Text>
        </div>
      ))}
    </dl>
  );
}
