import { Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { configAtom } from '../../features/site/index.js';
import { Logo } from '../../components/Logo.js';
import { MenuIcon } from '../../components/icons.js';
import { IconButton, lazyThemed } from '../../components/ui/index.js';
import { useMediaQuery } from '../../components/ui/useMedia.js';
import { DesktopNav } from '../navigation/DesktopNav.js';
import { AccountArea } from './AccountArea.js';
import { HeadlinesBanner } from './HeadlinesBanner.js';
import { LiveRaceButton } from './LiveRaceButton.js';
import { NextRaceSlot } from './NextRaceSlot.js';
import { pathTo } from '../routes/routeTable.js';
import { RivalBeatenSlot } from '../../features/rivals/index.js';
import { NotificationBell } from '../../features/notifications/index.js';

// Loaded when first opened (phones and small windows only), with MUI's theme scope, so neither is in
// the first page's JavaScript.
const NavDrawer = lazyThemed(() => import('../navigation/NavDrawer.js').then((module) => module.NavDrawer));

/** SPEC §2 header: brand, navigation, next race, live race, account; the headlines run beneath. */
export function Header() {
  const { leagueName } = useAtomValue(configAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  // What a screen size hides is not rendered at all (less work on a phone's first render); read before
  // the first render, so nothing appears late.
  const wide = useMediaQuery('(min-width: 1200px)');
  const medium = useMediaQuery('(min-width: 900px)');
  return (
    <header className="pd-header">
      <div className="pd-toolbar">
        {!wide && (
          <IconButton
            edge="start"
            aria-label="Open navigation"
            onPointerEnter={() => void NavDrawer.preload()}
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
          <span className="pd-brand-name">{leagueName}</span>
        </RouterLink>
        {wide && <DesktopNav />}
        <div className="pd-grow" />
        {medium && <NextRaceSlot />}
        <LiveRaceButton />
        <NotificationBell />
        <AccountArea />
      </div>
      <HeadlinesBanner />
      <RivalBeatenSlot />
      {drawerLoaded && (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}
