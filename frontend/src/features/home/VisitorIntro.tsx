import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Logo } from '../../components/Logo.js';
import { configAtom } from '../site/index.js';
import { ChatIcon } from '../../components/icons.js';

/** What a visitor sees first on Home: who we are and how to join. */
export function VisitorIntro() {
  const { leagueName, discord } = useAtomValue(configAtom);
  return (
    <Box component="section" aria-labelledby="home-title" sx={{ textAlign: 'center', py: { xs: 3, md: 6 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
        <Logo size={112} />
      </Box>
      <Typography id="home-title" variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', md: '3rem' } }}>
        {leagueName}
      </Typography>
      <Typography variant="h6" component="p" sx={{ mt: 2, mb: 4, maxWidth: 640, mx: 'auto' }}>
        An international, friendly weekly sim-racing league for drivers on PC, Xbox and PlayStation. Clean racing, series and seasons, team battles and rivals boards — every
        week since 2023. Pull into the pits and race with us.
      </Typography>
      <Button variant="contained" size="large" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" startIcon={<ChatIcon />}>
        Join us!
      </Button>
    </Box>
  );
}
