import { Suspense, useState, type KeyboardEvent } from 'react';
import type { RivalScheduleEntryDto } from '@paddock/contracts/rivals.js';
import { ImageIcon } from '../../../components/ImageIcon.js';
import { showTime } from '../../../components/dateTime.js';
import { Chip, classes, lazyThemed, Paper, Text } from '../../../components/ui/index.js';
import { PLATFORM_LABELS, trackLabel } from '../labels.js';
import '../rivalsHome.css';

// The dialog is MUI: it comes with its theme scope, when a signed-in driver first opens a server's schedule.
const ScheduleDialog = lazyThemed(() => import('./ScheduleDialog.js').then((module) => module.ScheduleDialog));

/**
 * SPEC §2 Rivals schedule table: icon, Server, Current, Next (rotation time), next track, Platform
 * (crossplay badges). Signed-in users open a server's next three days by clicking (or Enter on) its row.
 */
export function ScheduleTable({ servers, signedIn }: { servers: RivalScheduleEntryDto[]; signedIn: boolean }) {
  const [open, setOpen] = useState<RivalScheduleEntryDto | null>(null);
  if (servers.length === 0) return <Text tone="secondary">Currently no schedule active.</Text>;
  const onKey = (server: RivalScheduleEntryDto) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setOpen(server);
    }
  };
  return (
    <>
      {/* Wider than a phone, where it scrolls sideways: a region the keyboard can reach and scroll (a visitor's rows take no focus). */}
      <Paper variant="outlined" className="pd-rivals-table-box" role="region" tabIndex={0} aria-label="Rivals schedule, scrolls sideways">
        <table aria-label="Rivals schedule" className="pd-rivals-table">
          <thead>
            <tr>
              <th scope="col" className="pd-rivals-table-hidden-head">
                <span className="pd-visually-hidden">Game</span>
              </th>
              <th scope="col">Server</th>
              <th scope="col">Current</th>
              <th scope="col">Next</th>
              <th scope="col">Next track</th>
              <th scope="col">Platform</th>
            </tr>
          </thead>
          <tbody>
            {servers.map((server) => (
              <tr
                key={server.id}
                className={classes(signedIn && 'pd-rivals-table-row--open')}
                tabIndex={signedIn ? 0 : undefined}
                onClick={signedIn ? () => setOpen(server) : undefined}
                onKeyDown={signedIn ? onKey(server) : undefined}
                aria-label={signedIn ? `${server.serverName}: open the schedule` : undefined}
              >
                {/* The game's icon, or its name when it has none (the column is never empty). */}
                <td>{server.game.icon ? <ImageIcon src={server.game.icon} alt={server.game.name} /> : server.game.name}</td>
                <th scope="row">{server.serverName}</th>
                <td>{server.currentTrack ? trackLabel(server.currentTrack) : '—'}</td>
                <td>{showTime(server.rotationTime).short}</td>
                <td>{server.nextTrack ? trackLabel(server.nextTrack) : '—'}</td>
                <td>
                  <div className="pd-rivals-chips">
                    {server.crossplay && <Chip size="small" label={server.crossplay} title="Crossplay" className="pd-rivals-crossplay" />}
                    {server.platforms.map((platform) => (
                      <Chip key={platform} size="small" variant="outlined" label={PLATFORM_LABELS[platform]} />
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Paper>
      {!signedIn && (
        <Text tone="secondary" className="pd-rivals-gap">
          Login to see the schedule for the upcoming three days
        </Text>
      )}
      {open && (
        <Suspense fallback={null}>
          <ScheduleDialog server={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
