import './people.css';

import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router-dom';

import type { Person } from '#contract/people';
import { deletePerson, getPerson } from '@/api/people';
import { FormError } from '@/components/FormError';
import { usePageMeta } from '@/hooks/usePageMeta';
import { describeError } from '@/lib/errors';

import { ConfirmDialog } from './ConfirmDialog';
import { GiftHistorySection } from './GiftHistorySection';
import { GiftIdeasSection } from './GiftIdeasSection';
import { useOrderFromEmailLink, useOrderGift } from './orderFromPerson';
import { NextDateLine } from './PersonCard';
import { PersonDatesSection } from './PersonDatesSection';
import { PersonDetailsSection } from './PersonDetailsSection';

type PersonLoad = { state: 'ok'; person: Person } | { state: 'not-found' } | { state: 'failed'; error: string };

/**
 * The person of the address (after the route's session check). An id that is not the customer's (another's, one
 * deleted, a typo) is "not found" (the API answers 404, or 400 for an id no person can have); a failure is reported.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<PersonLoad> {
  try {
    const { status, body } = await getPerson(params.id ?? '');
    if (body.success) return { state: 'ok', person: body.data };
    if (status === 404 || status === 400) return { state: 'not-found' };
    return { state: 'failed', error: body.error ?? 'This person could not be loaded.' };
  } catch (err) {
    console.error('Loading a person failed', err);
    return { state: 'failed', error: describeError(err) };
  }
}

const backLink = (
  <Link to="/people" className="d-inline-block mb-3">
    ← People &amp; dates
  </Link>
);

/** /people/:id: a person's details and preferences, dates, gift ideas and gift history. */
export default function PersonPage() {
  const load = useLoaderData<typeof loader>();
  const { revalidate, state } = useRevalidator();
  if (load.state === 'ok') return <PersonScreen person={load.person} refresh={revalidate} />;
  if (load.state === 'not-found') return <PersonNotFound />;
  return (
    <Container className="py-4">
      <PageTitle title="People & dates" />
      {backLink}
      <FormError message={load.error} />
      <Button
        className="mt-3"
        variant="outline-primary"
        onClick={() => void revalidate()}
        disabled={state === 'loading'}
      >
        Try again
      </Button>
    </Container>
  );
}

function PageTitle({ title }: { title: string }) {
  usePageMeta(title);
  return null;
}

function PersonNotFound() {
  return (
    <Container className="py-5">
      <PageTitle title="Person not found" />
      <div className="mx-auto text-center" style={{ maxWidth: '34rem' }}>
        <h1 className="h2 mb-3">Person not found</h1>
        <p className="text-body-secondary mb-4">
          There is no one at this address on your list. They may have been deleted, or the link belongs to another
          account.
        </p>
        <Link className="btn btn-primary" to="/people">
          Back to People &amp; dates
        </Link>
      </div>
    </Container>
  );
}

function PersonScreen({ person, refresh }: { person: Person; refresh: () => Promise<void> }) {
  const navigate = useNavigate();
  // Once ordered, the person is read again: their gift history shows the order.
  const { onOrder, orderDialog } = useOrderGift(() => void refresh());
  useOrderFromEmailLink(person, onOrder);
  const [deleting, setDeleting] = useState(false);
  return (
    <Container className="py-4">
      <PageTitle title={person.name} />
      {backLink}
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
        <div className="min-w-0">
          <h1 className="h2 mb-0 text-break">{person.name}</h1>
          {person.relationship && <p className="text-body-secondary mb-2">{person.relationship}</p>}
          <NextDateLine next={person.nextDate} />
        </div>
        <div className="d-flex flex-wrap gap-2">
          <Button onClick={() => onOrder(person)}>Order a gift</Button>
          <Button variant="outline-danger" onClick={() => setDeleting(true)}>
            Delete person
          </Button>
        </div>
      </div>
      <Row className="g-4">
        {/* On a phone the dates and ideas come first: the details are there to look up. */}
        <Col lg={7} className="order-2 order-lg-1">
          <PersonDetailsSection person={person} onSaved={refresh} />
        </Col>
        <Col lg={5} className="order-1 order-lg-2">
          <PersonDatesSection person={person} onChanged={refresh} />
          <GiftIdeasSection person={person} onChanged={refresh} />
          <GiftHistorySection person={person} />
        </Col>
      </Row>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${person.name}?`}
          confirm="Delete person"
          what="Deleting a person"
          send={() => deletePerson(person._id)}
          onClose={() => setDeleting(false)}
          onDone={() => navigate('/people', { replace: true })}
        >
          <p className="mb-0">
            Their details, dates and gift ideas are deleted and we stop reminding you of their dates. Orders already
            placed for them stay as they are.
          </p>
        </ConfirmDialog>
      )}
      {orderDialog}
    </Container>
  );
}
