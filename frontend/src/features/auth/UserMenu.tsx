import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { pathTo } from '../../app/routes/routeTable.js';
import { ExpandMoreIcon } from '../../components/icons.js';
import { configAtom } from '../site/index.js';
import { sessionAtom } from './atoms.js';
import { accountName, avatarUrl } from './session.js';
import { useLogout } from './useLogout.js';

/** The signed-in user's avatar + name menu (SPEC §2). */
export function UserMenu() {
  const { user, isTeamCaptain, profileId } = useAtomValue(sessionAtom);
  const { discord } = useAtomValue(configAtom);
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) return null;

  const name = accountName(user);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        endIcon={<ExpandMoreIcon />}
        sx={{ textTransform: 'none', minWidth: 0, flexShrink: 0 }}
      >
        {/* No initial letter as a fallback: it would become part of the button's visible name. */}
        <Avatar src={avatarUrl(user, discord.avatarUrl) ?? undefined} alt="" sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'secondary.contrastText' }} />
        <Box component="span" sx={{ ml: 1, display: { xs: 'none', sm: 'inline' }, maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <ListSubheader role="none">Profile</ListSubheader>
        <MenuItem component={RouterLink} to={pathTo('Profile')} onClick={close}>
          Edit profile
        </MenuItem>
        <MenuItem component={RouterLink} to={profileId === null ? pathTo('Profile') : pathTo('PublicProfile', { profile: profileId })} onClick={close}>
          View profile
        </MenuItem>
        <Divider />
        <MenuItem component={RouterLink} to={pathTo('Profile-Rivals')} onClick={close}>
          Rivals
        </MenuItem>
        {isTeamCaptain && (
          <MenuItem component={RouterLink} to={pathTo('MyTeams')} onClick={close}>
            My Teams
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
