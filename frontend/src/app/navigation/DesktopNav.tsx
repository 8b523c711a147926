import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useAtomValue } from 'jotai';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/index.js';
import { NavDropdown } from './NavDropdown.js';
import { isNavGroup, navigationFor, type NavLink } from './navigation.js';

function NavButton({ link }: { link: NavLink }) {
  const { pathname } = useLocation();
  const active = pathname === link.to;
  return (
    <Button
      color="inherit"
      component={RouterLink}
      to={link.to}
      aria-current={active ? 'page' : undefined}
      sx={{ px: 1, minWidth: 0, whiteSpace: 'nowrap', fontWeight: active ? 700 : 500, borderBottom: 2, borderColor: active ? 'currentColor' : 'transparent', borderRadius: 0 }}
    >
      {link.label}
    </Button>
  );
}

/** The desktop menu bar with dropdowns (SPEC §2). */
export function DesktopNav() {
  const session = useAtomValue(sessionAtom);
  const { main, myTeams, staff } = navigationFor(session);
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ display: { xs: 'none', lg: 'flex' }, alignItems: 'center' }}>
      {main.map((entry) => (isNavGroup(entry) ? <NavDropdown key={entry.label} label={entry.label} sections={[entry]} /> : <NavButton key={entry.to} link={entry} />))}
      {myTeams && <NavButton link={myTeams} />}
      {staff && <NavDropdown label="Admin" sections={staff} titled />}
    </Box>
  );
}
