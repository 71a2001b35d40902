import { useId, useState } from 'react';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { useRouteLoaderData } from 'react-router-dom';

import { PASSWORD_MIN_LENGTH } from '#contract/limits';
import { adminDevices, changeAdminPassword } from '@/api/admin';
import { SignedInDevices } from '@/components/devices/SignedInDevices';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { PasswordField } from '@/components/PasswordField';
import { SubmitButton } from '@/components/SubmitButton';
import { useApiForm } from '@/hooks/useApiForm';
import { usePageMeta } from '@/hooks/usePageMeta';

/**
 * /admin/account: the signed-in admin's own account: change of password (the other sessions end) and the
 * signed-in devices. Linked from the admin header.
 */
export default function AdminAccountPage() {
  usePageMeta('Your admin account', 'Change your admin password and see where you are signed in.');
  const session = useRouteLoaderData('admin') as { email: string | null } | undefined;
  // Remounted after a change, so the devices list shows the other sessions gone.
  const [changes, setChanges] = useState(0);
  return (
    <Container className="py-4">
      <h1 className="h3 mb-1">Your admin account</h1>
      {session?.email && <p className="text-body-secondary">{session.email}</p>}
      <ChangePasswordSection onChanged={() => setChanges((n) => n + 1)} />
      <SignedInDevices key={changes} calls={adminDevices} />
    </Container>
  );
}

function ChangePasswordSection({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState('');
  const { busy, problem, handleSubmit } = useApiForm({
    send: () => {
      setDone('');
      return changeAdminPassword({ currentPassword: current, newPassword: next });
    },
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setDone('Your password was changed. Every other session of yours was signed out.');
      onChanged();
    },
    fallbackError: 'Your password could not be changed.',
  });
  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Change password
        </h2>
        <Form onSubmit={handleSubmit}>
          <ProblemScope problem={problem}>
            <PasswordField
              label="Current password"
              name="currentPassword"
              value={current}
              onChange={setCurrent}
              autoComplete="current-password"
              required
            />
            <PasswordField
              label="New password"
              name="newPassword"
              value={next}
              onChange={setNext}
              autoComplete="new-password"
              required
              help={`At least ${PASSWORD_MIN_LENGTH} characters, not your email, not a common password. Saving it signs you out everywhere else.`}
            />
            <SubmitButton busy={busy} busyText="Saving…">
              Change password
            </SubmitButton>
            <p aria-live="polite" className="small text-success mt-2 mb-0">
              {done}
            </p>
            <SubmitError />
          </ProblemScope>
        </Form>
      </div>
    </section>
  );
}
