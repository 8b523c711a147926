import logoUrl from '../assets/logo.svg';
import './common.css';

/** The league logo. Decorative unless given a label, since it usually sits beside the league name. */
export function Logo({ size = 40, label }: { size?: number; label?: string }) {
  return <img className="pd-logo" src={logoUrl} alt={label ?? ''} width={size} height={size} />;
}
