import { Alert, Table, TableHead, Text } from '../../../components/ui/index.js';
import { RESULT_STATUS_LABELS } from '../labels.js';
import type { LiveDraftDifferenceDto } from '../types.js';
import './results.css';

const placeText = (place: LiveDraftDifferenceDto['file']) => (place ? `P${place.position} · ${place.laps} laps · ${RESULT_STATUS_LABELS[place.status]}` : 'Not in it');

/** Where a previewed file and the race's live draft from the flag disagree, driver by driver. */
export function LiveDraftDifferences({ differences }: { differences: LiveDraftDifferenceDto[] }) {
  if (differences.length === 0) {
    return (
      <Alert severity="success" className="pd-results-gap-around">
        The file agrees with the live draft from the flag: same positions, laps and status for every driver.
      </Alert>
    );
  }
  return (
    <>
      <Text variant="subtitle2" as="h5" className="pd-results-gap-above">
        Where the file and the live draft differ
      </Text>
      <Table size="small" scrollClassName="pd-results-scroll" aria-label="Differences with the live draft" regionLabel="Differences with the live draft">
        <TableHead columns={['Driver', 'File', 'Live draft']} />
        <tbody>
          {differences.map((difference) => (
            <tr key={`${difference.name}-${difference.platformId ?? ''}`}>
              <td>{difference.name}</td>
              <td>{placeText(difference.file)}</td>
              <td>{placeText(difference.draft)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
