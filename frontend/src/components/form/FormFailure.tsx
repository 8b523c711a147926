import { Alert, classes } from '../ui/index.js';
import '../common.css';

/**
 * A form's summary after a refused save, with messages for fields it does not show by name.
 * Set apart from the field above it unless `flush` (forms that space their fields themselves).
 */
export function FormFailure({ message, others = [], flush = false }: { message: string | null; others?: string[]; flush?: boolean }) {
  if (!message) return null;
  return (
    <Alert severity="error" className={classes(!flush && 'pd-form-status')}>
      {message}
      {others.length > 0 && (
        <ul className="pd-form-others">
          {others.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
