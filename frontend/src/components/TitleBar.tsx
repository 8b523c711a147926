import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from './PageTitle.js';

/** A page's title with its actions (New …, Export) at the other end of the line; they wrap under it on a phone. */
export function TitleBar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <PageTitle>{title}</PageTitle>
      {children}
    </Box>
  );
}

/** The main action of a list page: a link to the form for a new item. */
export function NewItemLink({ to, children }: { to: string; children: string }) {
  return (
    <Button component={RouterLink} to={to} variant="contained">
      {children}
    </Button>
  );
}
