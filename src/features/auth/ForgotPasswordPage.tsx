import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router-dom';

import { RESET_LINK_MINUTES } from '#contract/limits';
import { MESSAGES } from '#contract/messages';
import { forgotPassword } from '@/api/auth';
import { ProblemScope } from '@/components/FormProblem';
import { EmailField } from '@/components/TextField';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';
import { notify } from '@/lib/notify';

import { AuthCard, AuthSubmit } from './AuthCard';

/** Forgot password: an email field and a Submit button; no client checks (the server decides). */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Ask for a link to set a new Giftwise password.');
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, problem, handleSubmit } = useApiForm({
    send: () => {
      setSentTo(null);
      return forgotPassword(email);
    },
    onSuccess: () => {
      notify(MESSAGES.forgotPasswordSent);
      setSentTo(email);
    },
    refusalAlert: MESSAGES.enterValidDetails,
    fallbackError: MESSAGES.enterValidDetails,
  });

  return (
    <AuthCard
      title="Forgot password"
      lead="Enter the email you signed up with and we will send you a link to set a new password."
      footer={<Link to="/signin">Back to Sign In</Link>}
    >
      <Form onSubmit={handleSubmit}>
        <ProblemScope problem={problem}>
          <EmailField id="forgot-email" value={email} onChange={setEmail} />
          <AuthSubmit busy={busy} busyText="Sending…">
            Submit
          </AuthSubmit>
          {sentTo && (
            <Alert variant="success" className="py-2 px-3 mt-3 mb-0 small" role="status">
              If an account exists for {sentTo}, a reset link is on its way. It works once and expires in{' '}
              {RESET_LINK_MINUTES} minutes.
            </Alert>
          )}
        </ProblemScope>
      </Form>
    </AuthCard>
  );
}
