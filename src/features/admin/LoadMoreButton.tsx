import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

import type { OrderStatus } from '#contract/orderStatus';

interface Props {
  view: OrderStatus;
  shown: number;
  hasMore: boolean;
  busy: boolean;
  error?: string;
  onLoadMore: () => void;
}

/** Under a paged list: how many orders are shown, why the last page failed, and "Load more" while there is more. */
export function LoadMoreButton({ view, shown, hasMore, busy, error, onLoadMore }: Props) {
  return (
    <div className="d-flex flex-column align-items-center gap-2 mt-4">
      <p className="text-body-secondary small mb-0" aria-live="polite">
        Showing {shown} {view} orders{hasMore ? '' : ' (all of them)'}
      </p>
      {error && (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
      {hasMore && (
        <Button variant="outline-primary" onClick={onLoadMore} disabled={busy} aria-busy={busy}>
          {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
          Load more
        </Button>
      )}
    </div>
  );
}
