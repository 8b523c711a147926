import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PLATFORMS, type Platform } from '@paddock/contracts/catalogue.js';
import { QueryContent } from '../../../components/QueryContent.js';
import { ListPagination } from '../../../components/ListPagination.js';
import { usePaging } from '../../../components/usePaging.js';
import { pathTo } from '../../../app/routes/routeTable.js';
import { catalogueQueries } from '../../catalogue/index.js';
import { PLATFORM_LABELS } from '../../events/index.js';
import { teamQueries } from '../../teams/index.js';
import { NO_DRIVER_FILTERS, profileQueries, type DriverFilters } from '../api.js';

const ROLE_LABEL: Record<string, string> = {
  ADMIN: 'Admin',
  ORGANIZER: 'Organizer',
  HOST: 'Host',
  RACE_DIRECTOR: 'Race director',
  HEAD_STEWARD: 'Head steward',
  RACE_STEWARD: 'Steward',
  STEWARD: 'Steward',
};

/** Drivers, filterable by platform, game, team and name, paged (SPEC §9), each linking to the public profile. `roles` makes it the Crew. */
export function DriverList({ roles = '', label }: { roles?: string; label: string }) {
  const { paging, request, setPaging, firstPage } = usePaging();
  const [filters, setFilters] = useState<DriverFilters>({ ...NO_DRIVER_FILTERS, roles });
  const effective = { ...filters, roles };
  const drivers = useQuery(profileQueries.list(request, effective));
  const games = useQuery(catalogueQueries.games());
  const teams = useQuery(teamQueries.list());
  const change = (next: Partial<DriverFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    firstPage();
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }} role="search" aria-label={`Filter ${label.toLowerCase()}`}>
        <TextField label="Name or number" value={filters.search} onChange={(event) => change({ search: event.target.value })} sx={{ minWidth: 200, flex: 1 }} />
        <TextField select label="Platform" value={filters.platform} onChange={(event) => change({ platform: event.target.value as Platform | 'ALL' })} sx={{ minWidth: 160 }}>
          {(['ALL', ...PLATFORMS] as const).map((platform) => (
            <MenuItem key={platform} value={platform}>
              {PLATFORM_LABELS[platform]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Game"
          value={filters.gameId ?? ''}
          onChange={(event) => change({ gameId: event.target.value === '' ? null : Number(event.target.value) })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All games</MenuItem>
          {(games.data ?? []).map((game) => (
            <MenuItem key={game.id} value={game.id}>
              {game.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Team"
          value={filters.teamId ?? ''}
          onChange={(event) => change({ teamId: event.target.value === '' ? null : Number(event.target.value) })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All teams</MenuItem>
          {(teams.data ?? []).map((team) => (
            <MenuItem key={team.id} value={team.id}>
              {team.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <QueryContent
        query={drivers}
        loading={`Loading ${label.toLowerCase()}`}
        failed={`${label} could not be loaded`}
        empty={roles ? 'No one holds this crew role yet' : 'No drivers match'}
      >
        {(page) => (
          <Paper variant="outlined">
            <List aria-label={label}>
              {page.content.map((driver) => (
                <ListItem key={driver.id} disablePadding>
                  <ListItemButton component={RouterLink} to={pathTo('PublicProfile', { profile: driver.id })}>
                    <ListItemText
                      primary={driver.driverName}
                      secondary={[driver.country, driver.platforms.map((platform) => PLATFORM_LABELS[platform]).join(', '), driver.teams.map((team) => team.name).join(', ')]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      {driver.crewRoles.map((role) => (
                        <Chip key={role} size="small" label={ROLE_LABEL[role] ?? role} />
                      ))}
                    </Box>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </QueryContent>
      <ListPagination label={`${label} pages`} paging={paging} totalElements={drivers.data?.totalElements} onChange={setPaging} />
    </Box>
  );
}
