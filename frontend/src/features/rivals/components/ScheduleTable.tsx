import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type KeyboardEvent } from 'react';
import type { RivalScheduleEntryDto } from '@paddock/contracts/rivals.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { showTime } from '../../../components/dateTime.js';
import { visuallyHidden } from '../../../components/visuallyHidden.js';
import { PLATFORM_LABELS, trackLabel } from '../labels.js';
import { ScheduleDialog } from './ScheduleDialog.js';

/**
 * SPEC §2 Rivals schedule table: icon, Server, Current, Next (rotation time), next track, Platform
 * (crossplay badges). Signed-in users open a server's next three days by clicking (or Enter on) its row.
 */
export function ScheduleTable({ servers, signedIn }: { servers: RivalScheduleEntryDto[]; signedIn: boolean }) {
  const [open, setOpen] = useState<RivalScheduleEntryDto | null>(null);
  if (servers.length === 0) return <Typography color="text.secondary">Currently no schedule active.</Typography>;
  const onKey = (server: RivalScheduleEntryDto) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpen(server);
    }
  };
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Rivals schedule">
          <TableHead>
            <TableRow>
              <TableCell sx={{ position: 'relative' }}>
                <Box component="span" sx={visuallyHidden}>
                  Game
                </Box>
              </TableCell>
              <TableCell>Server</TableCell>
              <TableCell>Current</TableCell>
              <TableCell>Next</TableCell>
              <TableCell>Next track</TableCell>
              <TableCell>Platform</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {servers.map((server) => (
              <TableRow
                key={server.id}
                hover={signedIn}
                tabIndex={signedIn ? 0 : undefined}
                onClick={signedIn ? () => setOpen(server) : undefined}
                onKeyDown={signedIn ? onKey(server) : undefined}
                aria-label={signedIn ? `${server.serverName}: open the schedule` : undefined}
                sx={{ cursor: signedIn ? 'pointer' : undefined }}
              >
                <TableCell>
                  <ImageIcon src={server.game.icon} alt={server.game.name} />
                </TableCell>
                <TableCell component="th" scope="row">
                  {server.serverName}
                </TableCell>
                <TableCell>{server.currentTrack ? trackLabel(server.currentTrack) : '—'}</TableCell>
                <TableCell>{showTime(server.rotationTime).short}</TableCell>
                <TableCell>{server.nextTrack ? trackLabel(server.nextTrack) : '—'}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {server.crossplay && <Chip size="small" color="secondary" label={server.crossplay} title="Crossplay" />}
                    {server.platforms.map((platform) => (
                      <Chip key={platform} size="small" variant="outlined" label={PLATFORM_LABELS[platform]} />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!signedIn && (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          Login to see the schedule for the upcoming three days
        </Typography>
      )}
      {open && <ScheduleDialog server={open} onClose={() => setOpen(null)} />}
    </>
  );
}
