import { Fragment } from 'react';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import type { NavGroup, NavLink } from './navigation.js';

export interface NavMenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  sections: NavGroup[];
  titled: boolean;
}

/** The open list of a menu-bar dropdown; a dropdown with no items says so rather than opening an empty list. */
export function NavMenu({ id, anchor, onClose, sections, titled }: NavMenuProps) {
  const { pathname } = useLocation();
  const item = (link: NavLink) => (
    <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose} selected={pathname === link.to} aria-current={pathname === link.to ? 'page' : undefined}>
      {link.label}
    </MenuItem>
  );
  return (
    <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {sections.every((section) => section.items.length === 0) && <MenuItem disabled>Nothing here yet</MenuItem>}
      {sections.map((section) => (
        <Fragment key={section.label}>
          {titled && section.items.length > 0 && <ListSubheader role="none">{section.label}</ListSubheader>}
          {section.items.map(item)}
        </Fragment>
      ))}
    </Menu>
  );
}
