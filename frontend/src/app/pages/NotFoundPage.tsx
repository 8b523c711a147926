import { PageTitle } from '../../components/PageTitle.js';
import { ButtonLink, Container, Text } from '../../components/ui/index.js';
import { pathTo } from '../routes/routeTable.js';
import '../../components/common.css';

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" className="pd-not-found">
      <Text variant="h1" as="p" tone="primary" className="pd-not-found-code">
        404
      </Text>
      <PageTitle>Page not found</PageTitle>
      <Text className="pd-not-found-text">This corner of the track does not exist. It may have moved, or the link is off the racing line.</Text>
      <ButtonLink to={pathTo('Home')} variant="contained">
        Back to Home
      </ButtonLink>
    </Container>
  );
}
