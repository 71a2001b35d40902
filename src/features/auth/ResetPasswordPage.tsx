import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { PASSWORD_MIN_LENGTH } from '#contract/limits';
import { resetPassword } from '@/api/auth';
import { ProblemScope } from '@/components/FormProblem';
import { PasswordField } from '@/components/PasswordField';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';

import { AuthCard, AuthSubmit } from './AuthCard';
import { PASSWORD_CHANGED, type SignInState } from './signInNotice';

/**
 * /resetpass/:token, where the emailed link lands.
 * Success goes to /signin with a note; a used or expired link shows the server's message.
 */
export default function ResetPasswordPage() {
  usePageMeta('Choose a new password', 'Set a new password for your Giftwise account.');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');

  const { busy, problem, handleSubmit } = useApiForm({
    send: () => resetPassword(token, password),
    onSuccess: () => navigate('/signin', { replace: true, state: { notice: PASSWORD_CHANGED } satisfies SignInState }),
    fallbackError: 'Your password could not be changed. Ask for a new link.',
  });

  return (
    <AuthCard
      title="Choose a new password"
      lead="Pick a password you do not use anywhere else. Saving it signs you out on your other devices."
      footer={
        <span>
          Link expired or already used? <Link to="/forgotpass">Ask for a new one</Link>
        </span>
      }
    >
      <Form onSubmit={handleSubmit}>
        <ProblemScope problem={problem}>
          <PasswordField
            label="New password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            help={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <AuthSubmit busy={busy} busyText="Saving…">
            Set new password
          </AuthSubmit>
        </ProblemScope>
      </Form>
    </AuthCard>
  );
}
