/**
 * Shown while a screen's data loads. Bootstrap's spinner class rather than react-bootstrap's Spinner: this is
 * part of every page's first download, and the component adds code for what one class does.
 */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status" aria-live="polite">
      <div className="spinner-border me-2" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
