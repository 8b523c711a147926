import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import { Link as RouterLink } from 'react-router-dom';
import { ImageIcon } from './ImageIcon.js';

/** A list row's first cell: the item's icon beside its name, the name linking to the item's page. */
export function IconLinkCell({ icon, iconSize, to, name }: { icon: string | null | undefined; iconSize: number; to: string; name: string }) {
  return (
    <TableCell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ImageIcon src={icon} size={iconSize} />
        <Link component={RouterLink} to={to}>
          {name}
        </Link>
      </Box>
    </TableCell>
  );
}
