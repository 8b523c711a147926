import { Chip } from '../../../components/ui/index.js';
import '../rivalsHome.css';

/** The marker of a time a steward has not verified yet (a console submission): dark text on any band's tint, an amber outline. */
export function ProvisionalMarker() {
  return <Chip size="small" variant="outlined" label="Provisional" title="Not verified by a steward yet" className="pd-provisional" />;
}
