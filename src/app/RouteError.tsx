import Container from 'react-bootstrap/Container';
import { Link, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@/contract/messages';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'statusText' in error) return String((error as { statusText: unknown }).statusText);
  return String(error);
}

/** SPEC.md §8 "Generic router failure". */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Container className="py-5" role="alert">
      <h1 className="h3">{MESSAGES.unexpectedError}</h1>
      <pre className="text-danger text-wrap">{describe(error)}</pre>
      <Link className="btn btn-primary" to="/">
        Go to the home page
      </Link>
    </Container>
  );
}
