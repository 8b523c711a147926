import { useAtomValue } from 'jotai';
import type { SiteConfig } from '@paddock/contracts/api.js';
import { configAtom } from '../../features/site/index.js';
import { GroupIcon, LiveStreamIcon, ShortVideoIcon, VideoIcon } from '../../components/icons.js';
import { IconAnchor, Text } from '../../components/ui/index.js';

const CHANNELS: { key: keyof SiteConfig['social']; label: string; Icon: typeof GroupIcon }[] = [
  { key: 'group', label: 'Social group', Icon: GroupIcon },
  { key: 'shortVideo', label: 'Short videos', Icon: ShortVideoIcon },
  { key: 'video', label: 'Video channel', Icon: VideoIcon },
  { key: 'liveStream', label: 'Live streams', Icon: LiveStreamIcon },
];

/** The teal footer of SPEC §1. */
export function Footer() {
  const { leagueName, social } = useAtomValue(configAtom);
  return (
    <footer className="pd-footer">
      <ul aria-label="Our channels" className="pd-footer-channels">
        {CHANNELS.filter(({ key }) => social[key]).map(({ key, label, Icon }) => (
          <li key={key}>
            <IconAnchor href={social[key]} target="_blank" rel="noopener noreferrer" aria-label={label}>
              <Icon />
            </IconAnchor>
          </li>
        ))}
      </ul>
      <Text variant="body2">
        © 2023–{new Date().getFullYear()} {leagueName}
      </Text>
      <Text variant="body2">All rights reserved on league communications and format</Text>
    </footer>
  );
}
