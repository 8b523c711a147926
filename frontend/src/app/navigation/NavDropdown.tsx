import { Fragment, useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ExpandMoreIcon } from '../../components/icons.js';
import type { NavGroup, NavLink } from './navigation.js';

/**
 * A menu-bar button opening a dropdown. `sections` titles the items by group (the Admin menu);
 * a dropdown with no items says so rather than opening an empty list.
 */
export function NavDropdown({ label, sections, titled = false }: { label: string; sections: NavGroup[]; titled?: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { pathname } = useLocation();
  const menuId = useId();
  const close = () => setAnchor(null);
  const active = sections.some((section) => section.items.some((item) => pathname === item.to));

  const item = (link: NavLink) => (
    <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close} selected={pathname === link.to} aria-current={pathname === link.to ? 'page' : undefined}>
      {link.label}
    </MenuItem>
  );

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
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
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close}>
        {sections.every((section) => section.items.length === 0) && <MenuItem disabled>Nothing here yet</MenuItem>}
        {sections.map((section) => (
          <Fragment key={section.label}>
            {titled && section.items.length > 0 && <ListSubheader role="none">{section.label}</ListSubheader>}
            {section.items.map(item)}
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
