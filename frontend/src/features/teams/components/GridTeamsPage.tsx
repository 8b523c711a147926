import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import { useQuery } from '@tanstack/react-query';
import { QueryContent } from '../../../components/QueryContent.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { teamQueries } from '../api.js';
import { TeamCard } from './TeamCard.js';

/** GridTeams (SPEC §2): every team with logo, colour and drivers; rosters change live. */
export default function GridTeamsPage() {
  const teams = useQuery(teamQueries.list());
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Teams</PageTitle>
      <QueryContent query={teams} loading="Loading teams" failed="The teams could not be loaded" empty="No teams yet">
        {(list) => (
          <Grid container spacing={2}>
            {list.map((team) => (
              <Grid key={team.id} size={{ xs: 12, sm: 6, md: 4 }}>
                <TeamCard team={team} />
              </Grid>
            ))}
          </Grid>
        )}
      </QueryContent>
    </Container>
  );
}
