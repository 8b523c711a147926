import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import './results.css';

export interface RaceTab {
  id: number;
  label: string;
  /** Where the tab leads: each race has an address of its own. */
  to: string;
}

/**
 * Tabs that are links (a round's races, each at its own address), looking like the plain Tabs: the
 * current one is selected and the one in the tab order; ←/→, Home and End move the focus between tabs,
 * Enter follows the focused one.
 */
export function RaceTabs({ label, current, tabs }: { label: string; current: number; tabs: readonly RaceTab[] }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('[role="tab"]') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const target = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: links.length - 1 }[event.key];
    if (target === undefined || links.length === 0) return;
    event.preventDefault();
    links[(target + links.length) % links.length]!.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className="pd-tabs pd-results-race-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <Link key={tab.id} to={tab.to} role="tab" aria-selected={tab.id === current} tabIndex={tab.id === current ? 0 : -1} className="pd-tab pd-results-race-tab">
          {tab.label}
        </Link>
      ))}
    </div>
  );
}
