import { lazy, Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import { useLocation } from 'react-router-dom';
import { ExpandMoreIcon } from '../../components/icons.js';
import type { NavGroup } from './navigation.js';

// The menu (with MUI's Menu, Popover and Modal) is downloaded when a dropdown is first pointed at or
// focused, so it stays out of the first page's JavaScript.
const loadNavMenu = () => import('./NavMenu.js').then((module) => ({ default: module.NavMenu }));
const NavMenu = lazy(loadNavMenu);

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
        onPointerEnter={() => void loadNavMenu()}
        onFocus={() => void loadNavMenu()}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        endIcon={<ExpandMoreIcon />}
        sx={{
          px: 1,
          minWidth: 0,
          whiteSpace: 'nowrap',
          fontWeight: active ? 700 : 500,
          borderBottom: 2,
          borderColor: active ? 'currentColor' : 'transparent',
          borderRadius: 0,
        }}
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
