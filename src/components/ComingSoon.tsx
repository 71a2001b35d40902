import Container from 'react-bootstrap/Container';

/** Placeholder for a screen whose issue has not landed yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Container className="py-5">
      <h1 className="h3">{title}</h1>
      <p className="text-body-secondary">Coming soon.</p>
    </Container>
  );
}
