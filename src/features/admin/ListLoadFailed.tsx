import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useRevalidator } from 'react-router-dom';

/** An admin list whose first page could not be had: why, and Try again (the route's loader again). */
export function ListLoadFailed({ error }: { error: string }) {
  const { revalidate } = useRevalidator();
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{error}</span>
      <Button variant="outline-danger" size="sm" onClick={() => void revalidate()}>
        Try again
      </Button>
    </Alert>
  );
}
