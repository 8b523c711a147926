import type { ReactNode } from 'react';

/** A short heading (Pos, No., FL) that says its full name on hover and to screen readers, without the dotted underline. */
export function Abbr({ title, children }: { title: string; children: ReactNode }) {
  return (
    <abbr title={title} style={{ textDecoration: 'none' }}>
      {children}
    </abbr>
  );
}
