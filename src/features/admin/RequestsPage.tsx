import { useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';

import type { Enquiry, EnquiryCounts, EnquiryType } from '#contract/enquiries';
import { MESSAGES } from '#contract/messages';
import { getEnquiries, getEnquiryCounts } from '@/api/admin';
import { answerOrNull } from '@/api/client';
import { PageSpinner } from '@/components/PageSpinner';
import { BusyButton } from '@/components/SubmitButton';
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
  notes: Enquiry[] | null;
  /** Where the next, older page starts (null when these are all). */
  nextCursor: string | null;
  /** How many enquiries each tab holds (null when they could not be had: the tabs show no numbers). */
  counts: EnquiryCounts | null;
  error?: string;
}

const fetchNoteCounts = async (): Promise<EnquiryCounts | null> =>
  (await answerOrNull(getEnquiryCounts, 'Loading request counts'))?.counts ?? null;

/** The newest enquiries of the type in ?type= (Hiring when none), and each tab's count. */
export async function loader({ request }: LoaderFunctionArgs): Promise<NotesData> {
  const type = parseType(new URL(request.url).searchParams.get(TYPE_PARAM));
  const counts = fetchNoteCounts();
  try {
    const answer = await getEnquiries(type);
    if (answer.success)
      return { type, notes: answer.data, nextCursor: answer.nextCursor ?? null, counts: await counts };
    if (!request.signal.aborted) notify(MESSAGES.failedToFetchOrders);
    return {
      type,
      notes: null,
      nextCursor: null,
      counts: await counts,
      error: answer.error ?? MESSAGES.failedToFetchOrders,
    };
  } catch (err) {
    if (!request.signal.aborted) {
      console.error('Loading requests failed', err);
      notify(MESSAGES.errorFetchingOrders);
    }
    return { type, notes: null, nextCursor: null, counts: await counts, error: describeError(err) };
  }
}

/** /requests: enquiries sent from the footer and the contact page, one tab per kind, newest first. */
export default function RequestsPage() {
  const data = useLoaderData() as NotesData;
  return (
    <RequestsFrame type={data.type} counts={data.counts}>
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
function RequestsFrame({
  type,
  counts = null,
  children,
}: {
  type: EnquiryType;
  counts?: EnquiryCounts | null;
  children: ReactNode;
}) {
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
          <Tab
            key={tab.type}
            eventKey={tab.type}
            title={
              <>
                {tab.label}
                {counts && ' '}
                {counts && (
                  <span className="badge rounded-pill text-bg-secondary">
                    {counts[tab.type].toLocaleString('en-US')}
                  </span>
                )}
              </>
            }
          >
            {tab.type === type && children}
          </Tab>
        ))}
      </Tabs>
    </Container>
  );
}

/** The loaded enquiries plus the older pages asked for with Load more (a new load starts again). */
function useNotePages(data: NotesData) {
  const [more, setMore] = useState<{ from: NotesData; notes: Enquiry[]; nextCursor: string | null } | null>(null);
  const [state, setState] = useState<{ from: NotesData; busy: boolean; error?: string } | null>(null);
  const extra = more?.from === data ? more : null;
  const status = state?.from === data ? state : null;
  const nextCursor = extra ? extra.nextCursor : data.nextCursor;
  const loadMore = async () => {
    if (!nextCursor || status?.busy) return;
    setState({ from: data, busy: true });
    try {
      const answer = await getEnquiries(data.type, nextCursor);
      if (!answer.success) {
        setState({ from: data, busy: false, error: answer.error ?? MESSAGES.failedToFetchOrders });
        return;
      }
      setMore({ from: data, notes: [...(extra?.notes ?? []), ...answer.data], nextCursor: answer.nextCursor ?? null });
      setState(null);
    } catch (err) {
      console.error('Loading more requests failed', err);
      setState({ from: data, busy: false, error: describeError(err) });
    }
  };
  return {
    notes: [...(data.notes ?? []), ...(extra?.notes ?? [])],
    hasMore: nextCursor !== null,
    busy: status?.busy === true,
    error: status?.error,
    loadMore,
  };
}

const arrived = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function NotesList(data: NotesData) {
  const { type, error } = data;
  const { revalidate } = useRevalidator();
  const pages = useNotePages(data);
  if (data.notes === null) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{error}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void revalidate()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (pages.notes.length === 0) return <p className="text-body-secondary py-4">No {type} Requests yet</p>;
  return (
    <>
      <h2 className="h5 mb-3">{type} Requests</h2>
      <Row xs={1} md={2} className="g-3 list-unstyled" as="ul" role="list" aria-label={`${type} Requests`}>
        {pages.notes.map((note) => (
          <Col as="li" key={note._id}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <dl className="admin-facts mb-0">
                  <dt>Arrived</dt>
                  <dd>
                    <time dateTime={note.createdAt}>{arrived(note.createdAt)}</time>
                  </dd>
                  <dt>Email</dt>
                  <dd className="text-break">{orNA(note.email)}</dd>
                  <dt>Name</dt>
                  <dd className="text-break">{orNA(note.name)}</dd>
                  <dt>Details</dt>
                  <dd className="admin-details-text">{orNA(note.details)}</dd>
                </dl>
                {note.email.includes('@') && (
                  <a
                    className="btn btn-outline-primary btn-sm mt-3"
                    href={`mailto:${note.email}?subject=${encodeURIComponent(`Re: your ${type} enquiry`)}`}
                    aria-label={`Reply to ${note.name || note.email}`}
                  >
                    Reply
                  </a>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      {(pages.hasMore || pages.error) && (
        <div className="d-flex flex-column align-items-center gap-2 mt-4">
          {pages.error && (
            <p className="text-danger small mb-0" role="alert">
              {pages.error}
            </p>
          )}
          {pages.hasMore && (
            <BusyButton variant="outline-primary" onClick={() => void pages.loadMore()} busy={pages.busy}>
              Load more
            </BusyButton>
          )}
        </div>
      )}
    </>
  );
}
