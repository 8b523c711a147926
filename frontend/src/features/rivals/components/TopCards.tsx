import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import type { RivalTopEntryDto, RivalTopForTrackDto } from '@paddock/contracts/rivals.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { ButtonLink, Card, CardActions, CardContent, Text, TextLink } from '../../../components/ui/index.js';
import { PLATFORM_LABELS } from '../labels.js';
import { ProvisionalMarker } from './ProvisionalMarker.js';
import '../rivalsHome.css';

/** One card's height, kept while loading and when empty, so nothing below moves (CLS; rivalsHome.css has it too). */
export const TOP_CARD_HEIGHT = 236;

function TopEntry({ entry, position }: { entry: RivalTopEntryDto; position: number }) {
  return (
    <li
      className="pd-rivals-top-entry"
      // The car's picture behind the row, faded so the text stays readable.
      style={entry.car.icon ? { backgroundImage: `linear-gradient(90deg, rgba(255,255,255,0.94) 55%, rgba(255,255,255,0.6)), url(${entry.car.icon})` } : undefined}
    >
      <span className="pd-rivals-top-position">{position}</span>
      <TextLink to={pathTo('PublicProfile', { profile: entry.profile.id })} className="pd-rivals-top-name">
        {entry.profile.name}
      </TextLink>
      <span className="pd-rivals-top-time">{entry.timeAsText}</span>
      {entry.provisional && <ProvisionalMarker />}
    </li>
  );
}

/** SPEC §2 Rivals (Beta): the top three of each platform on a track, with 'See all' to its board. */
export function TopCards({ top }: { top: RivalTopForTrackDto }) {
  return (
    <div className="pd-rivals-top-grid">
      {PLATFORMS.map((platform: Platform) => {
        const entries = top.results[platform] ?? [];
        const label = PLATFORM_LABELS[platform];
        const empty = entries.length === 0;
        return (
          <Card key={platform} as="section" variant="outlined" aria-label={`${label} top three`} className="pd-rivals-top-card">
            <CardContent className="pd-rivals-top-content">
              <Text variant="h6" as="h3" gutterBottom>
                {label}
              </Text>
              {empty ? (
                <Text tone="secondary">No times set yet</Text>
              ) : (
                <ol aria-label={`${label} top three times`} className="pd-rivals-top-list">
                  {entries.slice(0, 3).map((entry, index) => (
                    <TopEntry key={`${entry.profile.id}-${entry.car.id}`} entry={entry} position={index + 1} />
                  ))}
                </ol>
              )}
            </CardContent>
            <CardActions>
              <ButtonLink
                to={pathTo('Rivals', { platform: platform.toLowerCase(), game: top.game.id, track: top.track.id })}
                aria-disabled={empty || undefined}
                tabIndex={empty ? -1 : undefined}
                aria-label={`See all ${label} times`}
              >
                See all
              </ButtonLink>
            </CardActions>
          </Card>
        );
      })}
    </div>
  );
}
