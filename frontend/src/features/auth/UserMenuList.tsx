import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../app/routes/routeTable.js';
import { useLogout } from './useLogout.js';

export interface UserMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  profileId: number | null;
  isTeamCaptain: boolean;
}

/** The open list of the account menu (SPEC §2): the profile, rivals, my teams for a captain, logout. */
export function UserMenuList({ id, anchor, onClose, profileId, isTeamCaptain }: UserMenuListProps) {
  const logout = useLogout();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <ListSubheader role="none">Profile</ListSubheader>
      <MenuItem component={RouterLink} to={pathTo('Profile')} onClick={onClose}>
        Edit profile
      </MenuItem>
      <MenuItem component={RouterLink} to={profileId === null ? pathTo('Profile') : pathTo('PublicProfile', { profile: profileId })} onClick={onClose}>
        View profile
      </MenuItem>
      <Divider />
      <MenuItem component={RouterLink} to={pathTo('Profile-Rivals')} onClick={onClose}>
        Rivals
      </MenuItem>
      {isTeamCaptain && (
        <MenuItem component={RouterLink} to={pathTo('MyTeams')} onClick={onClose}>
          My Teams
        </MenuItem>
      )}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          void logout();
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
