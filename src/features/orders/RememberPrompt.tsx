import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { Link } from 'react-router-dom';

import { occurrenceText } from '#contract/limits';
import { addPerson, addPersonDate, listPeople } from '@/api/people';
import { FormError } from '@/components/FormError';
import type { OrderFormValues } from '@/components/orderForm/orderFormValues';
import { useSubmit } from '@/hooks/useSubmit';

import { dateFromOrder, isOneOf, personFromOrder } from './orderAndPerson';

/**
 * After an order placed from scratch: "Remember <name>" keeps the recipient as one of the customer's people, with
 * the order's occasion as a yearly date (reminded 30 and 7 days ahead), and the order's details as theirs. Not
 * offered when the name is already one of their people (the list is read first; until it answers, nothing shows).
 * Two calls: should the date fail after the person was saved, trying again sends only the date.
 */
export function RememberPrompt({
  order,
  onDismiss,
  onRemembered,
}: {
  order: OrderFormValues;
  onDismiss: () => void;
  /** The date is saved: the screen reloads what it shows of the coming dates. */
  onRemembered: () => void;
}) {
  const known = useIsOneOfPeople(order.recipientName);
  const [personId, setPersonId] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const { busy, error, submit } = useSubmit({
    onSuccess: () => {
      setDone(true);
      onRemembered();
    },
    fallbackError: 'They could not be saved.',
    what: 'Remembering the recipient',
  });
  if (known !== false) return null;

  const name = order.recipientName.trim();
  const what = occurrenceText({ recipientName: name, occasion: order.occasion.trim() });
  const remember = () =>
    submit(async () => {
      let id = personId;
      if (id === null) {
        const added = await addPerson(personFromOrder(order));
        if (!added.success) return added;
        id = added._id;
        setPersonId(id);
      }
      return addPersonDate(id, dateFromOrder(order));
    });

  return (
    <div className="alert alert-info d-flex flex-wrap align-items-center gap-2" role="status">
      {done && personId ? (
        <span className="me-auto">
          {name} is one of your people now: we will remind you ahead of {what} every year.{' '}
          <Link to={`/people/${encodeURIComponent(personId)}`}>See {name}</Link>
        </span>
      ) : (
        <>
          <span className="me-auto">
            {personId ? `${name} is saved; their ${order.occasion.trim()} is not yet:` : `Never miss ${what} again:`}
          </span>
          <Button size="sm" onClick={() => void remember()} disabled={busy}>
            {personId ? `Add ${what}` : `Remember ${name}`}
          </Button>
        </>
      )}
      <CloseButton aria-label="Dismiss" onClick={onDismiss} />
      <FormError message={error} className="w-100 mb-0" />
    </div>
  );
}

/** Whether `name` is one of the customer's people: undefined while the list loads; false too if it cannot. */
function useIsOneOfPeople(name: string): boolean | undefined {
  const [known, setKnown] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    listPeople()
      .then((answer) => {
        if (live) setKnown(answer.success ? isOneOf(answer.data, name) : false);
      })
      .catch((err: unknown) => {
        // Offered anyway: a person of that name would be refused (409), and said so.
        console.error('Loading your people failed', err);
        if (live) setKnown(false);
      });
    return () => {
      live = false;
    };
  }, [name]);
  return known;
}
