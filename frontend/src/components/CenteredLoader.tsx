import { Spinner } from './ui/index.js';
import './common.css';

export function CenteredLoader({ label }: { label: string }) {
  return (
    <div className="pd-centered-loader" role="status">
      <Spinner label={label} />
    </div>
  );
}
