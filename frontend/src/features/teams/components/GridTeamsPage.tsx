import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useQuery } from '@tanstack/react-query';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { teamQueries } from '../api.js';
import { TeamCard } from './TeamCard.js';

/** GridTeams (SPEC §2): every team with logo, colour and drivers; rosters change live. */
export default function GridTeamsPage() {
  const teams = useQuery(teamQueries.list());
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Teams</PageTitle>
      {teams.isPending ? (
        <CenteredLoader label="Loading teams" />
      ) : teams.isError ? (
        <EmptyState title="The teams could not be loaded">
          <Button onClick={() => void teams.refetch()}>Try again</Button>
        </EmptyState>
      ) : teams.data.length === 0 ? (
        <EmptyState title="No teams yet" />
      ) : (
        <Grid container spacing={2}>
          {teams.data.map((team) => (
            <Grid key={team.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <TeamCard team={team} />
            </Grid>
          ))}
        </Grid>
      )}
    </Container>
  );
}
