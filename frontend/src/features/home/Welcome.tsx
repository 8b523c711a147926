import { useAtomValue } from 'jotai';
import type { CurrentUserDto } from '@paddock/contracts/api.js';
import { ButtonAnchor, Text, TextLink } from '../../components/ui/index.js';
import { welcomeName } from '../auth/index.js';
import type { EventSummary } from '../events/index.js';
import { configAtom } from '../site/index.js';
import { ChatIcon } from '../../components/icons.js';
import { NextRaceBanner } from './NextRaceBanner.js';
import { pathTo } from '../../app/routes/routeTable.js';
import './home.css';

export interface WelcomeProps {
  user: CurrentUserDto;
  /** The driver's next race: their own next event, else the league's next planned one. */
  nextRace: EventSummary | null;
  /** Whether the next race has been looked up yet (no hint flashes before it is). */
  nextRaceKnown: boolean;
  /** Whether the next race is the driver's own (else the league's, which they have not joined). */
  nextRaceIsMine: boolean;
}

/** Home for a signed-in driver: a greeting, the community link, the next-race banner, or a hint when none is planned. */
export function Welcome({ user, nextRace, nextRaceKnown, nextRaceIsMine }: WelcomeProps) {
  const { discord } = useAtomValue(configAtom);
  return (
    <section aria-labelledby="home-title" className="pd-welcome">
      <Text id="home-title" variant="h3" as="h1" className="pd-home-title pd-welcome-title">
        Welcome {welcomeName(user)}
      </Text>
      <ButtonAnchor variant="contained" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" startIcon={<ChatIcon />} className="pd-welcome-discord">
        Open discord
      </ButtonAnchor>
      {nextRace && <NextRaceBanner event={nextRace} mine={nextRaceIsMine} />}
      {!nextRace && nextRaceKnown && (
        <Text>
          No upcoming race yet. <TextLink to={pathTo('Event-List')}>Browse all events</TextLink> to find your next one.
        </Text>
      )}
    </section>
  );
}
