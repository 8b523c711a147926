import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import { EmptyState } from '../../components/EmptyState.js';
import { ListPagination } from '../../components/ListPagination.js';
import { PageTitle } from '../../components/PageTitle.js';
import { usePaging } from '../../components/usePaging.js';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { sessionAtom } from '../auth/index.js';
import { eventQueries } from '../events/index.js';
import { AttachVideoPanel } from './AttachVideoPanel.js';
import { VideoGrid } from './VideoGrid.js';

/** Media (SPEC §2): every race video, newest first, paged; organizers attach or change a race's video here. */
export default function MediaPage() {
  const { isOrganizer } = useAtomValue(sessionAtom);
  const { paging, request, setPaging } = usePaging();
  const videos = useQuery(eventQueries.allVideos(request));
  const list = videos.data?.content ?? [];
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Media</PageTitle>
      {isOrganizer && <AttachVideoPanel />}
      <Box sx={{ minHeight: 4, mb: 1 }}>{videos.isFetching && <LinearProgress aria-label="Loading videos" />}</Box>
      {!videos.isFetching && list.length === 0 ? (
        <EmptyState title="No race videos yet">Race replays appear here once an organizer adds them.</EmptyState>
      ) : (
        <VideoGrid videos={list} label="Race videos" />
      )}
      <ListPagination label="Video pages" paging={paging} totalElements={videos.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
