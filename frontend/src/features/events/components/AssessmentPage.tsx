import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { useQuery } from '@tanstack/react-query';
import { eventQueries } from '../api.js';
import assessmentRaceImage from '../assets/assessment-race.svg';
import { EventGrid } from './EventGrid.js';

/** Event-Assessment (SPEC §2): the upcoming assessment races, each card with the fixed assessment-race image. */
export default function AssessmentPage() {
  const assessments = useQuery(eventQueries.assessmentsPlanned({ pageNumber: 0, pageSize: 25 }));
  const list = assessments.data?.content ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Assessment</PageTitle>
      <Box sx={{ maxWidth: 720, mb: 3 }}>
        <Typography>
          Every driver races one assessment before entering our series. It is a normal, friendly race: stewards watch for clean, predictable driving, not lap times. Lobbies
          often open 30 minutes before the start — join the event here, then find the lobby host on the event page.
        </Typography>
      </Box>
      {assessments.isPending ? (
        <CenteredLoader label="Loading assessment races" />
      ) : list.length === 0 ? (
        <EmptyState title="No assessment race planned yet">The next one is announced on our Discord.</EmptyState>
      ) : (
        <EventGrid events={list} image={assessmentRaceImage} label="Upcoming assessment races" />
      )}
    </Container>
  );
}
