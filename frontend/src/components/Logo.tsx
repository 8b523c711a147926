import Box from '@mui/material/Box';
import logoUrl from '../assets/logo.svg';

/** The league logo. Decorative unless given a label, since it usually sits beside the league name. */
export function Logo({ size = 40, label }: { size?: number; label?: string }) {
  return <Box component="img" src={logoUrl} alt={label ?? ''} width={size} height={size} sx={{ display: 'block', flexShrink: 0 }} />;
}
