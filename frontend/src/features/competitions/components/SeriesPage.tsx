import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { CardGrid } from '../../../components/CardGrid.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { competitionQueries } from '../api.js';
import type { CompetitionGroupDto, CompetitionSummaryDto } from '../types.js';
import { CompetitionCard } from './CompetitionCard.js';
import { InlineFailure } from './LoadStates.js';

export interface SeriesSection {
  /** Null: the current competitions in no group. */
  group: CompetitionGroupDto | null;
  competitions: CompetitionSummaryDto[];
}

/** Current competitions by group, groups in their order; those in no group (or an unknown one) come last. */
export function seriesSections(groups: CompetitionGroupDto[], competitions: CompetitionSummaryDto[]): SeriesSection[] {
  const ordered = [...groups].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  const sections: SeriesSection[] = ordered
    .map((group) => ({ group, competitions: competitions.filter((competition) => competition.group?.id === group.id) }))
    .filter((section) => section.competitions.length > 0);
  const known = new Set(ordered.map((group) => group.id));
  const rest = competitions.filter((competition) => !competition.group || !known.has(competition.group.id));
  if (rest.length > 0) sections.push({ group: null, competitions: rest });
  return sections;
}

function GroupHeader({ group, headingId }: { group: CompetitionGroupDto | null; headingId: string }) {
  if (!group) {
    return (
      <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        More series
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ mb: 2, overflow: 'hidden' }}>
      {group.banner && <Box component="img" src={group.banner} alt="" sx={{ display: 'block', width: '100%', height: { xs: 96, md: 160 }, objectFit: 'cover' }} />}
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <ImageIcon src={group.icon} size={40} />
        <Box>
          <Typography id={headingId} variant="h5" component="h2">
            {group.name}
          </Typography>
          {group.description && <Typography color="text.secondary">{group.description}</Typography>}
        </Box>
      </Box>
    </Paper>
  );
}

/** Series (SPEC §2): the competitions running now, by group, with their icons and banners. */
export default function SeriesPage() {
  const series = useQuery(competitionQueries.series());
  const sections = seriesSections(series.data?.groups ?? [], series.data?.competitions ?? []);

  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Series</PageTitle>
      {series.error ? (
        <InlineFailure what="series" error={series.error} onRetry={() => void series.refetch()} />
      ) : series.isPending ? (
        <Box role="status" aria-label="Loading series" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={240} />
          ))}
        </Box>
      ) : sections.length === 0 ? (
        <EmptyState title="No series is running right now">New seasons are announced on our Discord; past events are under All events.</EmptyState>
      ) : (
        sections.map((section) => {
          const headingId = `series-group-${section.group?.id ?? 'other'}`;
          return (
            <Box component="section" key={headingId} aria-labelledby={headingId} sx={{ mb: 4 }}>
              <GroupHeader group={section.group} headingId={headingId} />
              <CardGrid items={section.competitions} keyOf={(competition) => competition.id} label={section.group ? `Series of ${section.group.name}` : 'More series'}>
                {(competition) => <CompetitionCard competition={competition} />}
              </CardGrid>
            </Box>
          );
        })
      )}
    </Container>
  );
}
