import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/index.js';
import { configAtom } from '../../features/site/index.js';
import { Logo } from '../../components/Logo.js';
import { NextRaceSlot } from '../shell/NextRaceSlot.js';
import { isNavGroup, navigationFor, type NavGroup, type NavLink } from './navigation.js';

function DrawerLink({ link, onNavigate, inset = false }: { link: NavLink; onNavigate: () => void; inset?: boolean }) {
  const { pathname } = useLocation();
  const active = pathname === link.to;
  return (
    <ListItem disablePadding>
      <ListItemButton component={RouterLink} to={link.to} onClick={onNavigate} selected={active} aria-current={active ? 'page' : undefined} sx={inset ? { pl: 4 } : undefined}>
        <ListItemText primary={link.label} />
      </ListItemButton>
    </ListItem>
  );
}

function DrawerGroup({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  return (
    <>
      <ListSubheader>{group.label}</ListSubheader>
      {group.items.length === 0 && (
        <ListItem sx={{ pl: 4 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Nothing here yet
          </Typography>
        </ListItem>
      )}
      {group.items.map((item) => (
        <DrawerLink key={item.to} link={item} onNavigate={onNavigate} inset />
      ))}
    </>
  );
}

/** The mobile navigation drawer (SPEC §2): the same entries as the menu bar, in the same order. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const session = useAtomValue(sessionAtom);
  const { leagueName } = useAtomValue(configAtom);
  const { main, myTeams, staff } = navigationFor(session);

  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Navigation', sx: { width: 288, maxWidth: '85vw' } } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2 }}>
        <Logo size={36} />
        <Typography variant="h6" component="p">
          {leagueName}
        </Typography>
      </Box>
      <Box sx={{ px: 1, pb: 1, display: { md: 'none' } }}>
        <NextRaceSlot onNavigate={onClose} />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Main navigation">
        <List dense>
          {main.map((entry) =>
            isNavGroup(entry) ? <DrawerGroup key={entry.label} group={entry} onNavigate={onClose} /> : <DrawerLink key={entry.to} link={entry} onNavigate={onClose} />,
          )}
          {myTeams && <DrawerLink link={myTeams} onNavigate={onClose} />}
        </List>
        {staff && (
          <>
            <Divider />
            <List dense aria-label="Admin">
              {staff.length === 0 ? (
                <DrawerGroup group={{ label: 'Admin', items: [] }} onNavigate={onClose} />
              ) : (
                staff.map((section) => (
                  <Fragment key={section.label}>
                    <DrawerGroup group={section} onNavigate={onClose} />
                  </Fragment>
                ))
              )}
            </List>
          </>
        )}
      </Box>
    </Drawer>
  );
}
