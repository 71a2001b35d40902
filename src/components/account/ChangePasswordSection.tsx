import { useId, useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';

import type { AnswerOf, BodyOf } from '#contract/api';
import { PASSWORD_MIN_LENGTH } from '#contract/limits';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { PasswordField } from '@/components/PasswordField';
import { SubmitButton } from '@/components/SubmitButton';
import { useApiForm } from '@/hooks/useApiForm';
import type { Problem } from '@/lib/problems';

/** The customer's and the admin's change of password take and answer the same. */
export type ChangePasswordCall = (
  body: BodyOf<'changePassword'>,
) => Promise<AnswerOf<'changePassword'> | AnswerOf<'changeAdminPassword'>>;

const NOT_THE_SAME: Problem = {
  field: 'confirmPassword',
  message: 'The two new passwords are not the same. Type the new one again.',
};

/**
 * "Change password": the current password, the new one twice. The server's refusals name their field (a wrong
 * current password, a new one its rules refuse), so each shows beside its field; two new passwords that differ are
 * caught here, before anything is sent. The customer's profile and the admin's account screen show it, each with
 * its own call; a change ends the account's other sessions, so `onChanged` lets the devices list reload.
 */
export function ChangePasswordSection({ change, onChanged }: { change: ChangePasswordCall; onChanged: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState('');
  const [notTheSame, setNotTheSame] = useState<Problem | null>(null);
  const { busy, problem, handleSubmit } = useApiForm({
    send: () => change({ currentPassword: current, newPassword: next }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setAgain('');
      setDone('Your password was changed. Every other device was signed out; this one stays signed in.');
      onChanged();
    },
    fallbackError: 'Your password could not be changed.',
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setDone('');
    if (next !== again) {
      event.preventDefault();
      // A new object each time, so the field takes the focus again on every refused submit.
      setNotTheSame({ ...NOT_THE_SAME });
      return;
    }
    setNotTheSame(null);
    void handleSubmit(event);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Change password
        </h2>
        <p className="text-body-secondary small">
          Changing it signs you out on every other device. Pick a password you do not use anywhere else.
        </p>
        <Form onSubmit={submit}>
          <ProblemScope problem={notTheSame ?? problem}>
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
              help={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            />
            <PasswordField
              label="Confirm new password"
              name="confirmPassword"
              value={again}
              onChange={setAgain}
              autoComplete="new-password"
              required
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
