import { useAtomValue } from 'jotai';
import { Logo } from '../../components/Logo.js';
import { ButtonAnchor, Text } from '../../components/ui/index.js';
import { configAtom } from '../site/index.js';
import { ChatIcon } from '../../components/icons.js';
import './home.css';

/** What a visitor sees first on Home: who we are and how to join. */
export function VisitorIntro() {
  const { leagueName, discord } = useAtomValue(configAtom);
  return (
    <section aria-labelledby="home-title" className="pd-visitor-intro">
      <div className="pd-visitor-intro-logo">
        <Logo size={112} />
      </div>
      <Text id="home-title" variant="h3" as="h1" className="pd-home-title">
        {leagueName}
      </Text>
      <Text variant="h6" as="p" className="pd-visitor-intro-lead">
        An international, friendly weekly sim-racing league for drivers on PC, Xbox and PlayStation. Clean racing, series and seasons, team battles and rivals boards — every
        week since 2023. Pull into the pits and race with us.
      </Text>
      <ButtonAnchor variant="contained" size="large" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" startIcon={<ChatIcon />}>
        Join us!
      </ButtonAnchor>
    </section>
  );
}
