import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

interface Props {
  /** Whether a list is shown at all (then it may only be out of date). */
  loadedOnce: boolean;
  retrying: boolean;
  onRetry: () => void;
}

/** Says the orders could not be loaded (or refreshed), with a Retry, instead of claiming there are none. */
export function LoadFailedAlert({ loadedOnce, retrying, onRetry }: Props) {
  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">
        {loadedOnce
          ? 'We could not refresh your orders. What you see may be out of date.'
          : 'We could not load your orders. Check your connection and try again.'}
      </span>
      <Button variant="outline-secondary" size="sm" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
        {retrying && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
        Retry
      </Button>
    </Alert>
  );
}
