import Button from '@mui/material/Button';

/** A row's Edit button, named after the row's item for screen readers. */
export function EditButton({ name, onClick, disabled }: { name: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button size="small" onClick={onClick} aria-label={`Edit ${name}`} disabled={disabled}>
      Edit
    </Button>
  );
}
