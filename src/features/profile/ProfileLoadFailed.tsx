import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';

import { FormError } from '@/components/FormError';

/** The profile could not be loaded: why, and a way to try again. */
export function ProfileLoadFailed({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <Container className="py-5">
      <div className="profile-column mx-auto">
        <h1 className="h3">Your profile</h1>
        <FormError message={error} />
        <Button className="mt-3" variant="outline-primary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Container>
  );
}
