import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Logo } from '../../components/Logo.js';
import { configAtom } from './atoms.js';

/** SPEC §1: shown instead of the site while the league is under maintenance. */
export function MaintenancePage() {
  const { leagueName, discord } = useAtomValue(configAtom);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700, mb: 3 }}>
        {leagueName}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
        <Logo size={128} label={`${leagueName} logo`} />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Website under maintenance
      </Typography>
      <Button variant="contained" size="large" href={discord.joinUrl} target="_blank" rel="noopener noreferrer" sx={{ minWidth: 228, mt: 3 }}>
        Join our discord
      </Button>
    </Container>
  );
}
