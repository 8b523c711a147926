import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { sessionAtom } from '../../features/auth/index.js';
import { ButtonLink, classes } from '../../components/ui/index.js';
import { NavDropdown } from './NavDropdown.js';
import { isNavGroup, navigationFor, type NavLink } from './navigation.js';

function NavButton({ link }: { link: NavLink }) {
  const { pathname } = useLocation();
  const active = pathname === link.to;
  return (
    <ButtonLink color="inherit" to={link.to} aria-current={active ? 'page' : undefined} className={classes('pd-nav-btn', active && 'pd-nav-btn--active')}>
      {link.label}
    </ButtonLink>
  );
}

/** The desktop menu bar with dropdowns (SPEC §2). */
export function DesktopNav() {
  const session = useAtomValue(sessionAtom);
  const { main, myTeams, staff } = navigationFor(session);
  return (
    <nav aria-label="Main navigation" className="pd-desktop-nav">
      {main.map((entry) => (isNavGroup(entry) ? <NavDropdown key={entry.label} label={entry.label} sections={[entry]} /> : <NavButton key={entry.to} link={entry} />))}
      {myTeams && <NavButton link={myTeams} />}
      {staff && <NavDropdown label="Admin" sections={staff} titled />}
    </nav>
  );
}
