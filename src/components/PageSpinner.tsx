import Spinner from 'react-bootstrap/Spinner';

/** Shown while a screen's data loads. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" aria-hidden="true" className="me-2" />
      <span>{label}</span>
    </div>
  );
}
