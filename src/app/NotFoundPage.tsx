import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <Container className="py-5 text-center">
      <h1 className="h3">Page not found</h1>
      <p className="text-body-secondary">We could not find that page.</p>
      <Link className="btn btn-primary" to="/">
        Go to the home page
      </Link>
    </Container>
  );
}
