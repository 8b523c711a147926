import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TableHeader } from '../../../components/TableHeader.js';
import { RESULT_STATUS_LABELS } from '../labels.js';
import type { LiveDraftDifferenceDto } from '../types.js';

const placeText = (place: LiveDraftDifferenceDto['file']) => (place ? `P${place.position} · ${place.laps} laps · ${RESULT_STATUS_LABELS[place.status]}` : 'Not in it');

/** Where a previewed file and the race's live draft from the flag disagree, driver by driver. */
export function LiveDraftDifferences({ differences }: { differences: LiveDraftDifferenceDto[] }) {
  if (differences.length === 0) {
    return (
      <Alert severity="success" sx={{ my: 1 }}>
        The file agrees with the live draft from the flag: same positions, laps and status for every driver.
      </Alert>
    );
  }
  return (
    <>
      <Typography variant="subtitle2" component="h5" sx={{ mt: 2 }}>
        Where the file and the live draft differ
      </Typography>
      <Table size="small" aria-label="Differences with the live draft">
        <TableHeader columns={['Driver', 'File', 'Live draft']} />
        <TableBody>
          {differences.map((difference) => (
            <TableRow key={`${difference.name}-${difference.platformId ?? ''}`}>
              <TableCell>{difference.name}</TableCell>
              <TableCell>{placeText(difference.file)}</TableCell>
              <TableCell>{placeText(difference.draft)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
