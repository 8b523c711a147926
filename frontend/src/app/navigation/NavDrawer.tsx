import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/atoms.js';
import { configAtom } from '../../features/site/atoms.js';
import { Logo } from '../../components/Logo.js';
import { isNavGroup, navigationFor, type NavGroup, type NavLink } from './navigation.js';

function DrawerLink({ link, onNavigate, inset = false }: { link: NavLink; onNavigate: () => void; inset?: boolean }) {
  const { pathname } = useLocation();
  const active = pathname === link.to;
  return (
    <ListItemButton component={RouterLink} to={link.to} onClick={onNavigate} selected={active} aria-current={active ? 'page' : undefined} sx={inset ? { pl: 4 } : undefined}>
      <ListItemText primary={link.label} />
    </ListItemButton>
  );
}

function DrawerSection({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  return (
    <List dense aria-label={group.label} subheader={<ListSubheader component="div">{group.label}</ListSubheader>}>
      {group.items.length === 0 && (
        <Typography variant="body2" sx={{ px: 4, py: 1, color: 'text.secondary' }}>
          Nothing here yet
        </Typography>
      )}
      {group.items.map((item) => (
        <DrawerLink key={item.to} link={item} onNavigate={onNavigate} inset />
      ))}
    </List>
  );
}

/** The mobile navigation drawer (SPEC §2): the same entries as the menu bar, as lists. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useAtomValue(sessionAtom);
  const { leagueName } = useAtomValue(configAtom);
  const { main, myTeams, staff } = navigationFor(session);
  const topLinks = main.filter((entry): entry is NavLink => !isNavGroup(entry));
  const groups = main.filter(isNavGroup);

  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 288, maxWidth: '85vw' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
        <Logo size={36} />
        <Typography variant="h6" component="p">
          {leagueName}
        </Typography>
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main navigation">
        <List dense>
          {topLinks.map((link) => (
            <DrawerLink key={link.to} link={link} onNavigate={onClose} />
          ))}
          {myTeams && <DrawerLink link={myTeams} onNavigate={onClose} />}
        </List>
        {groups.map((group) => (
          <DrawerSection key={group.label} group={group} onNavigate={onClose} />
        ))}
        {staff && (
          <>
            <Divider />
            {staff.length === 0 ? (
              <DrawerSection group={{ label: 'Admin', items: [] }} onNavigate={onClose} />
            ) : (
              staff.map((section) => (
                <Fragment key={section.label}>
                  <DrawerSection group={section} onNavigate={onClose} />
                </Fragment>
              ))
            )}
          </>
        )}
      </Box>
    </Drawer>
  );
}
