import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle.js';
import type { RequiredRole } from '../routes/guard.js';
import { pathTo } from '../routes/routeTable.js';

/** What a signed-in user without a staff role sees on that role's screens. */
export function RoleRequiredPage({ role, title }: { role: RequiredRole; title: string }) {
  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <PageTitle>{`You need the ${role.name} role`}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography sx={{ mb: 2 }}>
          {title} is a screen for the league&apos;s {role.name}s. Your account does not hold that role, so there is nothing here you can change. If you think it should, ask an
          admin on Discord to grant it.
        </Typography>
        <Button component={RouterLink} to={pathTo('Home')} variant="contained">
          Back to Home
        </Button>
      </Paper>
    </Container>
  );
}
