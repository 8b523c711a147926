import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle.js';
import { pathTo } from '../routes/routeTable.js';

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 800 }}>
        404
      </Typography>
      <PageTitle>Page not found</PageTitle>
      <Typography sx={{ mb: 3 }}>This corner of the track does not exist. It may have moved, or the link is off the racing line.</Typography>
      <Button component={RouterLink} to={pathTo('Home')} variant="contained">
        Back to Home
      </Button>
    </Container>
  );
}
