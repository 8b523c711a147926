import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
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
      <Toolbar className="pd-toolbar">
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
        <RouterLink className="pd-brand" to={pathTo('Home')} aria-label={`${leagueName} home`}>
          <Logo size={36} />
          <Typography variant="h6" component="span" className="pd-brand-name">
            {leagueName}
          </Typography>
        </RouterLink>
        {wide && <DesktopNav />}
        <div className="pd-grow" />
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
