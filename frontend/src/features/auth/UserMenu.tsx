import { Suspense, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { ExpandMoreIcon } from '../../components/icons.js';
import { Button, lazyThemed } from '../../components/ui/index.js';
import { configAtom } from '../site/index.js';
import { sessionAtom } from './atoms.js';
import { accountName, avatarUrl } from './session.js';
import './auth.css';

// The open list (MUI's Menu, Popover and Modal, with the theme scope) is downloaded when the button is first
// pointed at or focused: a signed-in page draws its header without MUI.
const UserMenuList = lazyThemed(() => import('./UserMenuList.js').then((module) => module.UserMenuList));

/** The signed-in user's avatar + name menu (SPEC §2). */
export function UserMenu() {
  const { user, isTeamCaptain, profileId } = useAtomValue(sessionAtom);
  const { discord } = useAtomValue(configAtom);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  if (!user) return null;

  const name = accountName(user);
  const avatar = avatarUrl(user, discord.avatarUrl);
  return (
    <>
      <Button
        color="inherit"
        onPointerEnter={() => void UserMenuList.preload()}
        onFocus={() => void UserMenuList.preload()}
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Account menu for ${name}`}
        endIcon={<ExpandMoreIcon />}
        className="pd-account-btn"
      >
        {/* No initial letter as a fallback: it would become part of the button's visible name. */}
        {avatar ? <img src={avatar} alt="" className="pd-avatar" width={32} height={32} /> : <span className="pd-avatar" />}
        <span className="pd-account-name">{name}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <UserMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} profileId={profileId} isTeamCaptain={isTeamCaptain} />
        </Suspense>
      )}
    </>
  );
}
