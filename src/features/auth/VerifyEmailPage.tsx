import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router-dom';

import { verifyEmail } from '@/api/emailVerification';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';
import { getToken } from '@/lib/storage';

import { AuthCard } from './AuthCard';

/**
 * /verify-email/:token, where the verification email's link lands. Opening the page verifies nothing: the
 * customer confirms with the button, so a mail scanner that opens links does not verify an address for them.
 */
export default function VerifyEmailPage() {
  usePageMeta('Confirm your email address', 'Confirm the email address of your Giftwise account.');
  const { token = '' } = useParams();
  const [verified, setVerified] = useState(false);
  const { busy, error, handleSubmit } = useApiForm({
    send: () => verifyEmail(token),
    onSuccess: () => setVerified(true),
    fallbackError: 'Your email address could not be confirmed. Ask for a new link from your profile.',
  });
  const next = getToken('customer')
    ? { to: '/orders', label: 'Go to your orders' }
    : { to: '/signin', label: 'Sign in' };

  if (verified) {
    return (
      <AuthCard
        title="Email address confirmed"
        lead="Thank you. Reminders and order emails will now reach you."
        footer={<Link to={next.to}>{next.label}</Link>}
      >
        <p className="mb-0" role="status">
          Your email address is verified.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your email address"
      lead="Confirm that this email address is yours, so that we can send you reminders and order emails."
      footer={
        <span>
          Link expired or already used? Ask for a new one on your <Link to="/profile">profile</Link>.
        </span>
      }
    >
      <Form onSubmit={handleSubmit}>
        <div className="d-grid">
          <SubmitButton busy={busy} busyText="Confirming…">
            Confirm my email address
          </SubmitButton>
        </div>
        <FormError message={error} />
      </Form>
    </AuthCard>
  );
}
