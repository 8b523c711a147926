import Container from '@mui/material/Container';
import { PageTitle } from '../../../components/PageTitle.js';
import { DriverList } from './DriverList.js';

/** Grid (SPEC §2): every driver. */
export default function GridPage() {
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <PageTitle>Drivers</PageTitle>
      <DriverList label="Drivers" />
    </Container>
  );
}
