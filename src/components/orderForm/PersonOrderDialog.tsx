import { useCallback, useMemo, useState } from 'react';

import { AddOrderDialog, type OrderLink } from './AddOrderDialog';
import { chosenDate, orderFormFromPerson, type OrderablePerson } from './orderFromPerson';

interface Props {
  /** The person the gift is for, as GET /api/people lists them or GET /api/people/{id} answers. */
  person: OrderablePerson;
  /** One of their dates' _id; their next date when left out. */
  dateId?: string;
  /** The day the order is for (YYYY-MM-DD, e.g. a reminder email's link); the date's coming occurrence otherwise. */
  on?: string;
  onClose: () => void;
  /** After the order was placed (the dialog has closed): e.g. reload their gift history. */
  onOrdered?: (link: OrderLink) => void;
}

/**
 * Add Order, started from a person: the form filled from their details and preferences and dated on the chosen
 * date's coming occurrence; the order is sent with the date's occasionId and the personId. Mount it afresh (a new
 * `key`) for each person or date.
 */
export function PersonOrderDialog({ person, dateId, on, onClose, onOrdered }: Props) {
  const date = chosenDate(person, dateId);
  const [initialValues] = useState(() => orderFormFromPerson(person, date, { on }));
  return (
    <AddOrderDialog
      show
      initialValues={initialValues}
      occasionId={date?._id}
      personId={person._id}
      onClose={onClose}
      onOrdered={(_order, link) => onOrdered?.(link)}
    />
  );
}

/**
 * "Order a gift" for a screen listing people: `openOrderFor(person, dateId?, on?)` opens the dialog (their next date
 * when no date is named; dated on `on` when given, as a reminder email's `?order={dateId}&date={on}` asks); render
 * `orderDialog` once, anywhere in the screen.
 */
export function usePersonOrder(onOrdered?: (link: OrderLink) => void) {
  const [target, setTarget] = useState<{
    person: OrderablePerson;
    dateId?: string;
    on?: string;
    opened: number;
  } | null>(null);
  const openOrderFor = useCallback(
    (person: OrderablePerson, dateId?: string, on?: string) =>
      setTarget((current) => ({ person, dateId, on, opened: (current?.opened ?? 0) + 1 })),
    [],
  );
  const orderDialog = useMemo(
    () =>
      target && (
        <PersonOrderDialog
          key={`${target.person._id}/${target.dateId ?? ''}/${target.opened}`}
          person={target.person}
          dateId={target.dateId}
          on={target.on}
          onClose={() => setTarget(null)}
          onOrdered={onOrdered}
        />
      ),
    [target, onOrdered],
  );
  return { openOrderFor, orderDialog };
}
