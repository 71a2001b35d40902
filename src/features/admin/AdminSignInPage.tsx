import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';

import { MESSAGES } from '#contract/messages';
import { adminLogin } from '@/api/admin';
import { PasswordField } from '@/components/PasswordField';
import { SubmitButton } from '@/components/SubmitButton';
import { EmailField } from '@/components/TextField';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';
import { setToken } from '@/lib/storage';

import './admin.css';

/** /admin: staff sign-in. No client checks: the server decides. */
export default function AdminSignInPage() {
  usePageMeta('Admin sign in', 'Sign in to the Giftwise admin area. Only admins are allowed.');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const { busy, error, handleSubmit } = useApiForm({
    send: () => adminLogin({ email, password }),
    onSuccess: (answer) => {
      setToken('admin', answer.authtoken);
      navigate('/adminorders');
    },
    refusalAlert: MESSAGES.enterValidDetails,
    fallbackError: MESSAGES.enterValidDetails,
  });

  return (
    <Container className="py-5 admin-area">
      <div className="d-flex justify-content-between align-items-center mb-4 form-narrow mx-auto">
        <Link to="/" className="fw-semibold text-decoration-none">
          <img src="/favicon.svg" alt="" width="28" height="28" className="me-2 align-text-bottom" />
          Giftwise
        </Link>
        <ThemeSwitch />
      </div>
      <Card className="form-narrow mx-auto shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 mb-1">ADMIN SIGN IN</h1>
          <p className="text-body-secondary mb-4">{MESSAGES.onlyAdmins}</p>
          <Form noValidate onSubmit={handleSubmit} aria-describedby={error ? 'admin-signin-error' : undefined}>
            <EmailField id="admin-email" autoComplete="username" value={email} onChange={setEmail} />
            <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
            <SubmitButton busy={busy} busyText="Signing in…" className="w-100">
              SignIn
            </SubmitButton>
            <p id="admin-signin-error" className="text-danger small mt-3 mb-0 admin-error-line" role="alert">
              {error}
            </p>
          </Form>
        </Card.Body>
      </Card>
    </Container>
  );
}
