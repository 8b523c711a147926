import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useNavigate, useParams } from 'react-router-dom';
import { CREW_FILTERS, type CrewFilter } from '@paddock/contracts/roles.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { EmptyState } from '../../../components/EmptyState.js';
import { DriverList } from './DriverList.js';

const FILTER_LABEL: Record<CrewFilter, string> = {
  all: 'All',
  admin: 'Admins',
  organizers: 'Organizers',
  hosts: 'Hosts',
  racedirector: 'Race directors',
  headstewards: 'Head stewards',
  stewards: 'Stewards',
};

/** Crew (SPEC §2, §6): the crew roles, filtered by `adminType`. */
export default function CrewPage() {
  const { adminType = 'all' } = useParams();
  const navigate = useNavigate();
  const known = Object.hasOwn(CREW_FILTERS, adminType);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Crew</PageTitle>
      <Tabs
        value={known ? adminType : false}
        onChange={(_event, next: CrewFilter) => void navigate(pathTo('Crew', next === 'all' ? {} : { adminType: next }))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Crew roles"
        sx={{ mb: 2 }}
      >
        {(Object.keys(FILTER_LABEL) as CrewFilter[]).map((filter) => (
          <Tab key={filter} value={filter} label={FILTER_LABEL[filter]} />
        ))}
      </Tabs>
      {known ? <DriverList key={adminType} roles={adminType} label="Crew" /> : <EmptyState title={`No crew role called ${adminType}`} />}
    </Container>
  );
}
