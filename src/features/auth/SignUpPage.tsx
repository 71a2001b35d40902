import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';

import { PASSWORD_MIN_LENGTH } from '#contract/limits';
import { ACCOUNT_EXISTS_ERROR, MESSAGES } from '#contract/messages';
import { signUp } from '@/api/auth';
import { ProblemScope } from '@/components/FormProblem';
import { PasswordField } from '@/components/PasswordField';
import { EmailField, NameField } from '@/components/TextField';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';
import { setToken } from '@/lib/storage';

import { AuthCard, AuthSubmit } from './AuthCard';

/** Sign Up: success stores the token and goes to /profile; the server decides what is valid. */
export default function SignUpPage() {
  usePageMeta(
    'Create your account',
    'Create a free Giftwise account: unlimited loved ones, stored securely and privately.',
  );
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, problem, handleSubmit } = useApiForm({
    // The browser's time zone, so reminders fall on the customer's own days (changeable on the profile).
    send: () => signUp({ name, email, password, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    onSuccess: (answer) => {
      setToken('customer', answer.authtoken);
      navigate('/profile');
    },
    // 'Email Already Exist' only when it does; any other refusal (a weak password) shows just its reason.
    refusalAlert: (reason) =>
      reason === undefined || reason === ACCOUNT_EXISTS_ERROR ? MESSAGES.emailAlreadyExists : null,
    fallbackError: MESSAGES.emailAlreadyExists,
  });

  return (
    <AuthCard
      title="Sign Up"
      lead="Free to start. Add as many loved ones as you like."
      footer={
        <span>
          Already have an account? <Link to="/signin">Sign in</Link>
        </span>
      }
    >
      <Form onSubmit={handleSubmit}>
        <ProblemScope problem={problem}>
          <NameField id="signup-name" value={name} onChange={setName} />
          <EmailField id="signup-email" value={email} onChange={setEmail} />
          <PasswordField
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            help={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <AuthSubmit busy={busy} busyText="Creating your account…">
            Sign Up
          </AuthSubmit>
        </ProblemScope>
      </Form>
    </AuthCard>
  );
}
