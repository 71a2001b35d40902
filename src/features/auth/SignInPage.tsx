import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { MESSAGES } from '#contract/messages';
import { signIn } from '@/api/auth';
import { ProblemScope } from '@/components/FormProblem';
import { PasswordField } from '@/components/PasswordField';
import { EmailField } from '@/components/TextField';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';
import { safeReturnPath } from '@/lib/returnPath';
import { setToken } from '@/lib/storage';

import { AuthCard, AuthSubmit } from './AuthCard';
import type { SignInState } from './signInNotice';

/** Sign In: success stores the token and goes to /; an alert on refusal, an error line on network failure. */
export default function SignInPage() {
  usePageMeta('Sign In', 'Sign in to Giftwise to plan, track and order gifts for the people you love.');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notice = (useLocation().state as SignInState | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, problem, handleSubmit } = useApiForm({
    send: () => signIn({ email, password }),
    onSuccess: (answer) => {
      setToken('customer', answer.authtoken);
      navigate(safeReturnPath(searchParams.get('next')) ?? '/');
    },
    refusalAlert: MESSAGES.enterValidDetails,
    fallbackError: MESSAGES.enterValidDetails,
  });

  return (
    <AuthCard
      title="Sign In"
      lead="Welcome back. Your people and their dates are waiting."
      footer={
        <>
          <span>
            New to Giftwise? <Link to="/signup">Create an account</Link>
          </span>
          <Link to="/forgotpass">Forgot your password?</Link>
        </>
      }
    >
      {notice && (
        <Alert variant="success" className="py-2 small">
          {notice}
        </Alert>
      )}
      <Form onSubmit={handleSubmit}>
        <ProblemScope problem={problem}>
          <EmailField id="signin-email" value={email} onChange={setEmail} />
          <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
          <AuthSubmit busy={busy} busyText="Signing in…">
            Sign In
          </AuthSubmit>
        </ProblemScope>
      </Form>
    </AuthCard>
  );
}
