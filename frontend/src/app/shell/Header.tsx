import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { configAtom } from '../../features/site/atoms.js';
import { Logo } from '../../components/Logo.js';
import { MenuIcon } from '../../components/icons.js';
import { DesktopNav } from '../navigation/DesktopNav.js';
import { NavDrawer } from '../navigation/NavDrawer.js';
import { AccountArea } from './AccountArea.js';
import { HeadlinesBanner } from './HeadlinesBanner.js';
import { LiveRaceButton } from './LiveRaceButton.js';
import { NextRaceSlot } from './NextRaceSlot.js';

/** SPEC §2 header: brand, navigation, next race, live race, account; the headlines run beneath. */
export function Header() {
  const { leagueName } = useAtomValue(configAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <AppBar position="sticky" color="primary" component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setDrawerOpen(true)} sx={{ display: { lg: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box component={RouterLink} to="/" aria-label={`${leagueName} home`} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
          <Logo size={36} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline', lg: 'none', xl: 'inline' } }}>
            {leagueName}
          </Typography>
        </Box>
        <DesktopNav />
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
          <NextRaceSlot />
        </Box>
        <LiveRaceButton />
        <AccountArea />
      </Toolbar>
      <HeadlinesBanner />
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </AppBar>
  );
}
