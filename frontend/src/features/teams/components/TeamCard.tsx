import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { TeamDto, TeamMemberDto } from '@paddock/contracts/teams.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { PLATFORM_LABELS } from '../../events/index.js';

/** A team with its logo, colour and drivers, each linking to their profile; `actions` adds buttons per driver. */
export function TeamCard({ team, actions }: { team: TeamDto; actions?: (member: TeamMemberDto) => ReactNode }) {
  return (
    <Card variant="outlined" component="article" aria-label={team.name} sx={{ borderTop: 6, borderTopColor: team.colour, height: '100%' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          {/* Large enough, and the letters small enough, for a three-letter tag to fit inside the circle. */}
          <Avatar
            src={team.logo ?? undefined}
            alt=""
            data-testid="team-logo"
            sx={{ bgcolor: team.colour, width: 48, height: 48, fontSize: '0.85rem', fontWeight: 700, flexShrink: 0 }}
          >
            {(team.tag ?? team.name).slice(0, 3)}
          </Avatar>
          <Box>
            <Typography variant="h6" component="h2">
              {team.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[team.tag, team.game?.name, team.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', ')].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
        {team.members.length === 0 ? (
          <Typography color="text.secondary">No drivers yet</Typography>
        ) : (
          <List dense aria-label={`Drivers of ${team.name}`}>
            {team.members.map((member) => (
              <ListItem key={member.profileId} disableGutters secondaryAction={actions?.(member)} sx={{ flexWrap: 'wrap' }}>
                <Link component={RouterLink} to={pathTo('PublicProfile', { profile: member.profileId })}>
                  {member.driverName}
                </Link>
                {member.captain && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    (captain)
                  </Typography>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
