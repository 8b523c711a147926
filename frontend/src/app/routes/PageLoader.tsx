import { Spinner } from '../../components/ui/index.js';

/**
 * Shown while a screen's chunk downloads. It fills the screen below the header, so the footer stays
 * out of view and nothing visible moves when the screen arrives (no layout shift). Styles: shell.css.
 */
export function PageLoader() {
  return (
    <div role="status" className="pd-page-loader">
      <Spinner label="Loading page" />
    </div>
  );
}
