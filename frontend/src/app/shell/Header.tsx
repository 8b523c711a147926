import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { configAtom } from '../../features/site/index.js';
import { Logo } from '../../components/Logo.js';
import { MenuIcon } from '../../components/icons.js';
import { DesktopNav } from '../navigation/DesktopNav.js';
import { AccountArea } from './AccountArea.js';
import { HeadlinesBanner } from './HeadlinesBanner.js';
import { LiveRaceButton } from './LiveRaceButton.js';
import { NextRaceSlot } from './NextRaceSlot.js';
import { pathTo } from '../routes/routeTable.js';
import { RivalBeatenSlot } from '../../features/rivals/index.js';

// Loaded when first opened (phones and small windows only), so it stays out of the first page's JavaScript.
const NavDrawer = lazy(() => import('../navigation/NavDrawer.js').then((module) => ({ default: module.NavDrawer })));

/** SPEC §2 header: brand, navigation, next race, live race, account; the headlines run beneath. */
export function Header() {
  const { leagueName } = useAtomValue(configAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  // What a screen size hides is not rendered at all (less work on a phone's first render); read before
  // the first render, so nothing appears late.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <AppBar position="sticky" color="primary" component="header">
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {!wide && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            onClick={() => {
              setDrawerLoaded(true);
              setDrawerOpen(true);
            }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={pathTo('Home')}
          aria-label={`${leagueName} home`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          <Logo size={36} />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline', lg: 'none', xl: 'inline' } }}>
            {leagueName}
          </Typography>
        </Box>
        {wide && <DesktopNav />}
        <Box sx={{ flexGrow: 1 }} />
        {medium && <NextRaceSlot />}
        <LiveRaceButton />
        <AccountArea />
      </Toolbar>
      <HeadlinesBanner />
      <RivalBeatenSlot />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
