import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle.js';
import { pathTo } from '../routes/routeTable.js';

/** A titled placeholder for screens that later work brings, so no route is ever blank. */
export function ComingSoonPage({ title, underConstruction = false }: { title: string; underConstruction?: boolean }) {
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <PageTitle>{title}</PageTitle>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="p">
          {underConstruction ? 'Under construction' : 'Coming soon'}
        </Typography>
        <Typography sx={{ mt: 1, mb: 2 }}>
          {underConstruction ? 'This part of the paddock is still being built.' : 'This page is on its way. Check back soon — the grid is still warming its tyres.'}
        </Typography>
        <Button component={RouterLink} to={pathTo('Home')} variant="outlined">
          Back to Home
        </Button>
      </Paper>
    </Container>
  );
}
