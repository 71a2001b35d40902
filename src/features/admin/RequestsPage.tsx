import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';

import { MESSAGES } from '#contract/messages';
import type { EnquiryType, Note } from '#contract/notes';
import { getNotes } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import { usePageMeta } from '@/hooks/usePageMeta';
import { describeError } from '@/lib/errors';
import { notify } from '@/lib/notify';

import { orNA } from './format';

import './admin.css';

/** The enquiries screen (/requests): the tab bar, in this order; "Brand Partners" holds the type 'Brand Partner'. */
const TABS: ReadonlyArray<{ label: string; type: EnquiryType }> = [
  { label: 'Hiring', type: 'Hiring' },
  { label: 'Contact Us', type: 'Contact Us' },
  { label: 'Support', type: 'Support' },
  { label: 'Brand Partners', type: 'Brand Partner' },
];
const TYPE_PARAM = 'type';

function parseType(value: string | null): EnquiryType {
  return TABS.find((t) => t.type === value)?.type ?? TABS[0].type;
}

interface NotesData {
  type: EnquiryType;
  notes: Note[] | null;
  error?: string;
}

/** The enquiries of the type in ?type= (Hiring when none). */
export async function loader({ request }: LoaderFunctionArgs): Promise<NotesData> {
  const type = parseType(new URL(request.url).searchParams.get(TYPE_PARAM));
  try {
    const answer = await getNotes(type);
    if (answer.success) return { type, notes: answer.data };
    if (!request.signal.aborted) notify(MESSAGES.failedToFetchOrders);
    return { type, notes: null, error: answer.error ?? MESSAGES.failedToFetchOrders };
  } catch (err) {
    if (!request.signal.aborted) {
      console.error('Loading requests failed', err);
      notify(MESSAGES.errorFetchingOrders);
    }
    return { type, notes: null, error: describeError(err) };
  }
}

/** /requests: enquiries sent from the footer and the contact page, one tab per kind, newest first. */
export default function RequestsPage() {
  const data = useLoaderData() as NotesData;
  return (
    <RequestsFrame type={data.type}>
      <NotesList {...data} />
    </RequestsFrame>
  );
}

/** While the enquiries of a first visit load. */
export function HydrateFallback() {
  const [params] = useSearchParams();
  const type = parseType(params.get(TYPE_PARAM));
  return (
    <RequestsFrame type={type}>
      <PageSpinner label={`Loading ${type} requests…`} />
    </RequestsFrame>
  );
}

/** The page with its tab bar; `children` fill the tab of `type`. Choosing a tab puts its type in the address. */
function RequestsFrame({ type, children }: { type: EnquiryType; children: ReactNode }) {
  usePageMeta('Requests', 'Giftwise admin: enquiries from visitors — hiring, contact, support and brand partners.');
  const [, setParams] = useSearchParams();
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Requests</h1>
      <Tabs
        id="requests-tabs"
        activeKey={type}
        onSelect={(key) => key && setParams({ [TYPE_PARAM]: key })}
        className="mb-4 admin-tabs"
        mountOnEnter
        unmountOnExit
      >
        {TABS.map((tab) => (
          <Tab key={tab.type} eventKey={tab.type} title={tab.label}>
            {tab.type === type && children}
          </Tab>
        ))}
      </Tabs>
    </Container>
  );
}

function NotesList({ type, notes, error }: NotesData) {
  const { revalidate } = useRevalidator();
  if (notes === null) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{error}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void revalidate()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (notes.length === 0) return <p className="text-body-secondary py-4">No {type} Requests yet</p>;
  return (
    <>
      <h2 className="h5 mb-3">{type} Requests</h2>
      <Row xs={1} md={2} className="g-3 list-unstyled" as="ul" role="list" aria-label={`${type} Requests`}>
        {notes.map((note) => (
          <Col as="li" key={note._id}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <dl className="admin-facts mb-0">
                  <dt>Email</dt>
                  <dd className="text-break">{orNA(note.email)}</dd>
                  <dt>Name</dt>
                  <dd className="text-break">{orNA(note.name)}</dd>
                  <dt>Details</dt>
                  <dd className="admin-details-text">{orNA(note.details)}</dd>
                </dl>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
