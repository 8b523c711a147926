import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { pathTo } from '../../../app/routes/routeTable.js';
import { CenteredLoader } from '../../../components/CenteredLoader.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { IconLinkCell } from '../../../components/IconLinkCell.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { TableHeader } from '../../../components/TableHeader.js';
import { NewItemLink, TitleBar } from '../../../components/TitleBar.js';
import { showTime, viewerTimeZone } from '../../../components/dateTime.js';
import { usePaging } from '../../../components/usePaging.js';
import { communityQueries } from '../api.js';

const windowText = (from: string | null, to: string | null) =>
  !from && !to ? 'Always' : `${from ? showTime(from).dateTime : 'now'} – ${to ? showTime(to).dateTime : 'no end'}`;

/** Admin-Affiliates: every affiliate (active or not), paged, with a way to add one. */
export default function AffiliatesAdminPage() {
  const { paging, request, setPaging } = usePaging();
  const affiliates = useQuery(communityQueries.adminAffiliates(request.pageNumber, request.pageSize));
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <TitleBar title="Affiliates">
        <NewItemLink to={pathTo('Admin-Affiliate', { affiliate: 'new' })}>New affiliate</NewItemLink>
      </TitleBar>
      {affiliates.isPending ? (
        <CenteredLoader label="Loading affiliates" />
      ) : !affiliates.data?.content.length ? (
        <EmptyState title="No affiliates yet">Add the league&apos;s partners: they show on Home.</EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            Times in {viewerTimeZone()}
          </Typography>
          <Table size="small" aria-label="Affiliates">
            <TableHeader columns={['Affiliate', 'Paid', { label: 'Shown', from: 'sm' }, { label: 'Order', from: 'sm' }]} />
            <TableBody>
              {affiliates.data.content.map((affiliate) => (
                <TableRow key={affiliate.id} hover>
                  <IconLinkCell icon={affiliate.icon} iconSize={28} to={pathTo('Admin-Affiliate', { affiliate: affiliate.id })} name={affiliate.name} />
                  <TableCell>{affiliate.monetized ? <Chip size="small" color="secondary" label="Yes" /> : 'No'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{windowText(affiliate.activeFrom, affiliate.activeTo)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{affiliate.position}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <ListPagination label="Affiliate pages" paging={paging} totalElements={affiliates.data?.totalElements} onChange={setPaging} />
    </Container>
  );
}
