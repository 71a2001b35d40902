import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';

import type { AnswerOf } from '#contract/api';
import { eraseCustomer } from '@/api/admin';
import { FormError } from '@/components/FormError';
import { BusyButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';

import { useSecondFactorPrompt } from './SecondFactorDialog';

const kept = (n: number) => (n === 1 ? '1 order was' : `${n} orders were`);

/**
 * "Erase this customer's data…", in View Order and under Requests' "Customer data requests": the customer's account
 * erased on their request, as they can do themselves (docs/privacy.md). Asked first, inline, with the focus on
 * Cancel; like the CSV export it wants a recent code from the authenticator app, asked for in a dialog when the
 * server says so.
 */
export function EraseCustomerAction({ email, onErased }: { email: string; onErased: () => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const secondFactor = useSecondFactorPrompt();
  const { busy, error, submit } = useSubmit<AnswerOf<'eraseCustomer'>>({
    onSuccess: ({ ordersKept }) => {
      notify(`The customer's account was erased. ${kept(ordersKept)} kept without their personal details.`);
      onErased();
    },
    fallbackError: 'The account could not be erased.',
    what: 'Erasing a customer',
  });

  if (!asking) {
    return (
      <Button size="sm" variant="outline-danger" className="mt-2" onClick={() => setAsking(true)}>
        Erase this customer&apos;s data…
      </Button>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-ask`} className="border border-danger rounded p-2 mt-2">
      <p id={`${id}-ask`} className="fw-semibold mb-1 text-break">
        Erase {email}&apos;s account?
      </p>
      <p className="small mb-2">
        Only on the customer&apos;s request. This cannot be undone: their profile, people, dates and sign-ins are
        deleted; any order not yet finished is cancelled, and every order is kept without their details.
      </p>
      <div className="d-flex gap-2">
        <BusyButton
          size="sm"
          variant="danger"
          busy={busy}
          busyText="Erasing…"
          onClick={() => void submit(() => secondFactor.withCode(() => eraseCustomer(email)))}
        >
          Erase account
        </BusyButton>
        <Button size="sm" variant="secondary" onClick={() => setAsking(false)} disabled={busy} autoFocus>
          Cancel
        </Button>
      </div>
      <FormError message={error} />
      {secondFactor.dialog}
    </div>
  );
}
