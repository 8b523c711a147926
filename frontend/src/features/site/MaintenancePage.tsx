import { useAtomValue } from 'jotai';
import { Logo } from '../../components/Logo.js';
import { ButtonAnchor, Container, Text } from '../../components/ui/index.js';
import { configAtom } from './atoms.js';
import './siteScreens.css';

/** SPEC §1: shown instead of the site while the league is under maintenance. */
export function MaintenancePage() {
  const { leagueName, discord } = useAtomValue(configAtom);
  return (
    <Container as="main" maxWidth="sm" className="pd-site-screen">
      <Text variant="h3" as="p" className="pd-site-screen-name">
        {leagueName}
      </Text>
      <div className="pd-site-screen-logo">
        <Logo size={128} label={`${leagueName} logo`} />
      </div>
      <Text variant="h4" as="h1" gutterBottom>
        Website under maintenance
      </Text>
      <ButtonAnchor variant="contained" size="large" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" className="pd-site-screen-join">
        Join our discord
      </ButtonAnchor>
    </Container>
  );
}
