import { Suspense, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ExpandMoreIcon } from '../../components/icons.js';
import { Button, classes, lazyThemed } from '../../components/ui/index.js';
import type { NavGroup } from './navigation.js';

// The menu (MUI's Menu, Popover and Modal, with the theme scope) is downloaded when a dropdown is first
// pointed at or focused, so it stays out of the first page's JavaScript.
const NavMenu = lazyThemed(() => import('./NavMenu.js').then((module) => module.NavMenu));

/** A menu-bar button opening a dropdown. `sections` titles the items by group (the Admin menu). */
export function NavDropdown({ label, sections, titled = false }: { label: string; sections: NavGroup[]; titled?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const { pathname } = useLocation();
  const menuId = useId();
  const active = sections.some((section) => section.items.some((item) => pathname === item.to));

  return (
    <>
      <Button
        color="inherit"
        onPointerEnter={() => void NavMenu.preload()}
        onFocus={() => void NavMenu.preload()}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        endIcon={<ExpandMoreIcon />}
        className={classes('pd-nav-btn', active && 'pd-nav-btn--active')}
      >
        {label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <NavMenu id={menuId} anchor={anchor} onClose={() => setAnchor(null)} sections={sections} titled={titled} />
        </Suspense>
      )}
    </>
  );
}
