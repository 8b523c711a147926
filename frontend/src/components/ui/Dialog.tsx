import { useEffect, useId, useRef, type ReactNode } from 'react';
import { classes } from './classes.js';

interface DialogProps {
  open: boolean;
  /** Escape, the backdrop or a Cancel: the owner closes it. */
  onClose: () => void;
  title: ReactNode;
  /** A sentence under the title saying what the dialog asks; read out with the title when it opens. */
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons at the bottom. */
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  className?: string;
}

/**
 * A modal dialog: the browser's `<dialog>` opened with showModal, so focus moves into it and stays there,
 * the page behind is inert and Escape closes it; focus returns to what opened it when it closes or is unmounted.
 */
export function Dialog({ open, onClose, title, description, children, actions, maxWidth = 'sm', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    // Closed or unmounted by its owner: focus goes back to what opened it.
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={classes('pd-dialog', `pd-dialog--${maxWidth}`, className)}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose(); // the backdrop: the surface inside fills the rest
      }}
    >
      {open && (
        <div className="pd-dialog-surface">
          <h2 id={titleId} className="pd-dialog-title">
            {title}
          </h2>
          <div className="pd-dialog-content">
            {description && (
              <p id={descriptionId} className="pd-dialog-description">
                {description}
              </p>
            )}
            {children}
          </div>
          {actions && <div className="pd-dialog-actions">{actions}</div>}
        </div>
      )}
    </dialog>
  );
}
