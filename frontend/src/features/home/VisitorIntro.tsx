import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Logo } from '../../components/Logo.js';
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
      <Typography id="home-title" variant="h3" component="h1" className="pd-visitor-intro-title">
        {leagueName}
      </Typography>
      <Typography variant="h6" component="p" className="pd-visitor-intro-lead">
        An international, friendly weekly sim-racing league for drivers on PC, Xbox and PlayStation. Clean racing, series and seasons, team battles and rivals boards — every
        week since 2023. Pull into the pits and race with us.
      </Typography>
      <Button variant="contained" size="large" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" startIcon={<ChatIcon />}>
        Join us!
      </Button>
    </section>
  );
}
