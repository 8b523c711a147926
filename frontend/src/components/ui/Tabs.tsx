import { useRef, type KeyboardEvent } from 'react';

export interface TabsProps<V extends string> {
  label: string;
  value: V;
  tabs: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}

/**
 * Tabs choosing what the content below shows (WAI-ARIA tabs: the selected tab is the one in the tab
 * order; arrow keys, Home and End move between tabs and select them).
 */
export function Tabs<V extends string>({ label, value, tabs, onChange, className }: TabsProps<V>) {
  const list = useRef<HTMLDivElement>(null);
  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onChange(tab.value);
    list.current?.querySelector<HTMLElement>(`[data-value="${tab.value}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.value === value);
    const target = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className={className ? `pd-tabs ${className}` : 'pd-tabs'} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          data-value={tab.value}
          aria-selected={tab.value === value}
          tabIndex={tab.value === value ? 0 : -1}
          className="pd-tab"
          onClick={() => onChange(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
