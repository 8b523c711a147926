import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { MyTeamDto } from '@paddock/contracts/teams.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { PageTitle } from '../../../components/PageTitle.js';
import { BidderPanelSlot } from '../../bidding/index.js';
import { NO_DRIVER_FILTERS, profileQueries, refreshCurrentUser } from '../../profiles/index.js';
import { teamQueries, useHandOverCaptaincy, useInviteToTeam, useRemoveMember, useWithdrawInvite } from '../api.js';
import { TeamCard } from './TeamCard.js';

/** MyTeams (SPEC §2, captains): the roster — invite a driver, remove one, hand captaincy over. Changes reach the members live. */
export default function MyTeamsPage() {
  const teams = useQuery(teamQueries.mine());
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageTitle>My teams</PageTitle>
      <QueryContent query={teams} loading="Loading your teams" failed="Your teams could not be loaded" empty="You captain no team">
        {(list) => list.map((team) => <Roster key={team.id} team={team} />)}
      </QueryContent>
      {teams.data && teams.data.length > 0 && <BidderPanelSlot as="teams" />}
    </Container>
  );
}

function Roster({ team }: { team: MyTeamDto }) {
  const invite = useInviteToTeam();
  const withdrawInvite = useWithdrawInvite();
  const removeMember = useRemoveMember();
  const handOver = useHandOverCaptaincy();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const candidates = useQuery({ ...profileQueries.list({ pageNumber: 0, pageSize: 10 }, { ...NO_DRIVER_FILTERS, search }), enabled: search.trim().length >= 2 });
  const memberIds = new Set([...team.members.map((member) => member.profileId), ...team.invited.map((invite) => invite.profileId)]);

  const run = async (command: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await command();
      await refreshCurrentUser();
    } catch {
      // The Error dialog has said why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={`Roster of ${team.name}`} sx={{ mb: 4 }}>
      <TeamCard
        team={team}
        actions={(member) =>
          member.captain ? null : (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button size="small" disabled={busy} onClick={() => void run(() => handOver(team.id, member.profileId))} aria-label={`Make ${member.driverName} captain`}>
                Make captain
              </Button>
              <Button
                size="small"
                color="error"
                disabled={busy}
                onClick={() => void run(() => removeMember(team.id, member.profileId))}
                aria-label={`Remove ${member.driverName}`}
              >
                Remove
              </Button>
            </Box>
          )
        }
      />
      {team.invited.length > 0 && (
        <Paper variant="outlined" sx={{ p: 2, mt: 1 }}>
          <Typography variant="subtitle1" component="h3">
            Invited
          </Typography>
          <List dense aria-label={`Invited to ${team.name}`}>
            {team.invited.map((invite) => (
              <ListItem
                key={invite.profileId}
                secondaryAction={
                  <Button size="small" disabled={busy} onClick={() => void run(() => withdrawInvite(team.id, invite.profileId))}>
                    Withdraw
                  </Button>
                }
              >
                <ListItemText primary={invite.driverName} secondary="Waiting for an answer" />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2, mt: 1 }}>
        <TextField label="Invite a driver: name or number" value={search} onChange={(event) => setSearch(event.target.value)} fullWidth />
        {candidates.data && (
          <List dense aria-label="Drivers to invite">
            {candidates.data.content.length === 0 && <ListItem>No driver matches</ListItem>}
            {candidates.data.content
              .filter((driver) => !memberIds.has(driver.id))
              .map((driver) => (
                <ListItem
                  key={driver.id}
                  secondaryAction={
                    <Button
                      size="small"
                      variant="contained"
                      disabled={busy}
                      onClick={() => void run(() => invite(team.id, driver.id))}
                      aria-label={`Invite ${driver.driverName}`}
                    >
                      Invite
                    </Button>
                  }
                >
                  <ListItemText primary={driver.driverName} />
                </ListItem>
              ))}
          </List>
        )}
      </Paper>
    </Box>
  );
}
