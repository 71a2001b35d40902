import { useEffect, useRef, useState, type FormEvent } from 'react';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';

import { MESSAGES } from '#contract/messages';
import { adminLogin, endEnrolmentSession, wantsSecondFactor } from '@/api/admin';
import { PasswordField } from '@/components/PasswordField';
import { SubmitButton } from '@/components/SubmitButton';
import { EmailField } from '@/components/TextField';
import { ThemeSwitch } from '@/components/ThemeSwitch';
import { usePageMeta } from '@/hooks/usePageMeta';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';
import { setToken } from '@/lib/storage';

import AdminHeader from './AdminHeader';
import { SecondFactorCodeField } from './SecondFactorCodeField';
import TotpEnrolment from './TotpEnrolment';

import './admin.css';

/**
 * /admin: staff sign-in. No client checks: the server decides. An admin with a second factor is then asked for the
 * code (the server's 401 says `secondFactor: "totp"`); one without is taken through enrolling an authenticator app
 * before anything else opens.
 */
export default function AdminSignInPage() {
  usePageMeta('Admin sign in', 'Sign in to the Giftwise admin area. Only admins are allowed.');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [enrolToken, setEnrolToken] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The error line beside the button takes the focus, as every form's does (FormProblem.tsx).
  const errorLine = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorLine.current?.focus();
  }, [error]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await adminLogin(step === 'code' ? { email, password, code } : { email, password });
      if (answer.success) {
        if (answer.enrolmentRequired) {
          setEnrolToken(answer.authtoken);
        } else {
          setToken('admin', answer.authtoken);
          navigate('/adminorders');
        }
      } else if (step === 'password' && wantsSecondFactor(answer)) {
        // The password was right: now the code.
        setStep('code');
      } else {
        if (step === 'password') notify(MESSAGES.enterValidDetails);
        setError(answer.error ?? MESSAGES.enterValidDetails);
      }
    } catch (err) {
      console.error('Admin sign-in failed', err);
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  if (enrolToken) {
    // Signing out ends the enrol-only session on the server (sign out here even if that call fails), then the
    // password is asked again.
    const signOut = async () => {
      await endEnrolmentSession(enrolToken).catch((err: unknown) => console.error('Admin sign-out call failed', err));
      setEnrolToken(null);
      setPassword('');
      setStep('password');
    };
    return (
      <>
        <AdminHeader email={email} enrolOnly={{ signOut }} />
        <Container className="py-5 admin-area">
          <TotpEnrolment
            token={enrolToken}
            onDone={() => {
              setToken('admin', enrolToken);
              navigate('/adminorders');
            }}
          />
        </Container>
      </>
    );
  }

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
            {step === 'password' ? (
              <>
                <EmailField id="admin-email" autoComplete="username" value={email} onChange={setEmail} />
                <PasswordField value={password} onChange={setPassword} autoComplete="current-password" />
              </>
            ) : (
              <>
                <p className="mb-3">
                  Signing in as <strong>{email}</strong>.{' '}
                  {recovery ? 'Enter one of your recovery codes.' : 'Enter the code from your authenticator app.'}
                </p>
                <SecondFactorCodeField
                  id="admin-code"
                  value={code}
                  onChange={setCode}
                  recovery={recovery}
                  onRecoveryChange={setRecovery}
                  disabled={busy}
                />
              </>
            )}
            <SubmitButton busy={busy} busyText="Signing in…" className="w-100">
              {step === 'password' ? 'SignIn' : 'Verify'}
            </SubmitButton>
            {step === 'code' && (
              <button
                type="button"
                className="btn btn-link btn-sm w-100 mt-2"
                onClick={() => {
                  setStep('password');
                  setCode('');
                  setError(null);
                }}
                disabled={busy}
              >
                Back
              </button>
            )}
            <p
              ref={errorLine}
              id="admin-signin-error"
              className="text-danger small mt-3 mb-0 admin-error-line"
              role="alert"
              tabIndex={-1}
            >
              {error}
            </p>
          </Form>
        </Card.Body>
      </Card>
    </Container>
  );
}
