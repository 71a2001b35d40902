import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Link, useLoaderData, useRevalidator } from 'react-router-dom';

import { occurrenceText } from '#contract/limits';
import type { Occasion } from '#contract/occasions';
import { listOccasions } from '@/api/occasions';
import { FormError } from '@/components/FormError';
import { usePageMeta } from '@/hooks/usePageMeta';
import { describeError } from '@/lib/errors';

import { DeleteOccasionDialog } from './DeleteOccasionDialog';
import { OccasionDialog } from './OccasionDialog';

type OccasionsLoad = { ok: true; occasions: Occasion[] } | { ok: false; error: string };

/** The customer's occasions (after the route's session check). A failure is reported, not thrown. */
export async function loader(): Promise<OccasionsLoad> {
  try {
    const answer = await listOccasions();
    if (answer.success) return { ok: true, occasions: answer.data };
    return { ok: false, error: answer.error ?? 'Your occasions could not be loaded.' };
  } catch (err) {
    console.error('Loading occasions failed', err);
    return { ok: false, error: describeError(err) };
  }
}

const monthDay = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' });
const fullDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** "Reminders: 30 days before, 7 days before" (the server keeps them largest first). */
const reminders = (days: number[]) =>
  days.length === 0
    ? 'No reminders'
    : `Reminders: ${days.map((d) => (d === 0 ? 'on the day' : `${d} day${d === 1 ? '' : 's'} before`)).join(', ')}`;

function OccasionCard({
  occasion,
  onEdit,
  onDelete,
}: {
  occasion: Occasion;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const what = occurrenceText(occasion);
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-start gap-2">
          <div>
            <h2 className="h5 mb-1">{occasion.recipientName}</h2>
            <p className="text-body-secondary small mb-2">{occasion.relationship}</p>
          </div>
          <Badge bg={occasion.repeatsYearly ? 'primary' : 'secondary'} pill>
            {occasion.repeatsYearly ? 'Every year' : 'Once'}
          </Badge>
        </div>
        <p className="mb-1">
          <strong>{occasion.occasion}</strong>
          {' · '}
          {occasion.repeatsYearly ? monthDay(occasion.date) : fullDate(occasion.date)}
        </p>
        <p className="small text-body-secondary mb-3">{reminders(occasion.remindDaysBefore)}</p>
        <div className="d-flex gap-2">
          <Button size="sm" variant="outline-primary" onClick={onEdit} aria-label={`Edit ${what}`}>
            Edit
          </Button>
          <Button size="sm" variant="outline-danger" onClick={onDelete} aria-label={`Delete ${what}`}>
            Delete
          </Button>
        </div>
      </Card.Body>
    </Card>
  );
}

/** /occasions: the people the customer buys for and their dates, with add, edit and delete. */
export default function OccasionsPage() {
  usePageMeta('People & dates', 'The people you buy for and their dates: Giftwise reminds you ahead of each one.');
  const load = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  const refresh = () => void revalidate();
  const [editing, setEditing] = useState<Occasion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Occasion | null>(null);

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h1 className="h2 mb-0">People &amp; dates</h1>
        <Button onClick={() => setEditing('new')}>Add occasion</Button>
      </div>
      <p className="text-body-secondary mb-4">
        We email you ahead of each date (30 and 7 days before, unless you choose otherwise), and your{' '}
        <Link to="/orders">orders</Link> screen shows what is coming up.
      </p>
      {!load.ok ? (
        <div>
          <FormError message={load.error} />
          <Button className="mt-3" variant="outline-primary" onClick={refresh} disabled={state === 'loading'}>
            Try again
          </Button>
        </div>
      ) : load.occasions.length === 0 ? (
        <div className="text-center py-5 border rounded-3 bg-body-tertiary">
          <p className="lead mb-2">No dates yet.</p>
          <p className="text-body-secondary mb-3">
            Add a birthday, an anniversary or Christmas, and we will remember it.
          </p>
          <Button onClick={() => setEditing('new')}>Add your first date</Button>
        </div>
      ) : (
        <ul className="list-unstyled row row-cols-1 row-cols-md-2 row-cols-xl-3 g-3" aria-label="Your occasions">
          {load.occasions.map((o) => (
            <li className="col" key={o._id} data-testid="occasion-card">
              <OccasionCard occasion={o} onEdit={() => setEditing(o)} onDelete={() => setDeleting(o)} />
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <OccasionDialog
          occasion={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      {deleting && <DeleteOccasionDialog occasion={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />}
    </Container>
  );
}
