import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';

import type { FoundCustomer } from '#contract/privacy';
import { findCustomer } from '@/api/admin';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { SubmitButton } from '@/components/SubmitButton';
import { EmailField } from '@/components/TextField';
import { useApiForm } from '@/hooks/useApiForm';

import { EraseCustomerAction } from './EraseCustomerAction';

/** The lookup is one email: a field as wide as a long address, not the whole page. */
const FORM_WIDTH = { maxWidth: '32rem' };

const customerSince = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/** "3 (2 not finished: erasing cancels them)", or just "3" when every order is finished. */
const ordersInWords = ({ orders, openOrders }: FoundCustomer) =>
  openOrders === 0 ? String(orders) : `${orders} (${openOrders} not finished: erasing cancels them)`;

/**
 * Requests' "Customer data requests": staff find a customer's account by its email, whether or not the customer
 * has an order, and erase it on the customer's request with View Order's action (asked first, with a fresh code;
 * docs/privacy.md). What erasing touches is shown first, so staff can tell the customer.
 */
export function CustomerDataRequests() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<FoundCustomer | null>(null);
  const [erased, setErased] = useState('');
  const { busy, problem, handleSubmit } = useApiForm({
    send: () => {
      setFound(null);
      setErased('');
      return findCustomer(email);
    },
    onSuccess: ({ customer }) => setFound(customer),
    fallbackError: 'The account could not be looked up.',
  });

  return (
    <section aria-labelledby={`${id}-title`} className="card shadow-sm mb-4">
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5 mb-1">
          Customer data requests
        </h2>
        <p className="small text-body-secondary mb-3">
          When a customer asks, outside the app, for their account to be erased and you have checked it is them, find
          the account by its email.
        </p>
        <Form onSubmit={handleSubmit} role="search" aria-label="Find a customer's account" style={FORM_WIDTH}>
          <ProblemScope problem={problem}>
            {/* Off: the browser would offer the admin's own email. */}
            <EmailField id={`${id}-email`} value={email} onChange={setEmail} autoComplete="off" required />
            <SubmitButton busy={busy} busyText="Finding…" variant="outline-primary">
              Find account
            </SubmitButton>
            <SubmitError />
          </ProblemScope>
        </Form>
        <div role="status" className="small text-success-emphasis">
          {erased && <p className="mt-3 mb-0">{erased}</p>}
        </div>
        {found && (
          <FoundAccount
            customer={found}
            onErased={() => {
              setErased(`${found.email}'s account was erased.`);
              setFound(null);
              setEmail('');
            }}
          />
        )}
      </div>
    </section>
  );
}

function FoundAccount({ customer, onErased }: { customer: FoundCustomer; onErased: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-name`} className="border rounded p-3 mt-2">
      <h3 id={`${id}-name`} className="h6 mb-2 text-break">
        {customer.name || customer.email}
      </h3>
      <dl className="admin-facts small mb-0">
        <dt>Email</dt>
        <dd>{customer.email}</dd>
        <dt>Customer since</dt>
        <dd>{customerSince(customer.createdAt)}</dd>
        <dt>Orders</dt>
        <dd>{ordersInWords(customer)}</dd>
        <dt>People</dt>
        <dd>{customer.people}</dd>
      </dl>
      <EraseCustomerAction email={customer.email} onErased={onErased} />
    </section>
  );
}
