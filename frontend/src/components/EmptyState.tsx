import type { ReactNode } from 'react';
import { Paper, Text } from './ui/index.js';
import './common.css';

/** What a list says when it has nothing to show, with an optional way on. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper className="pd-empty-state">
      <Text variant="h6" as="p">
        {title}
      </Text>
      {children && (
        <Text as="div" className="pd-empty-state-body">
          {children}
        </Text>
      )}
    </Paper>
  );
}
