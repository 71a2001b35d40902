import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router-dom';
import { getNotes } from '@/api/admin';
import { PageSpinner } from '@/components/PageSpinner';
import { MESSAGES } from '#contract/messages';
import type { EnquiryType, Note } from '#contract/notes';
import { usePageMeta } from '@/hooks/usePageMeta';
import { notify } from '@/lib/notify';
import { orNA } from './format';
import './admin.css';

/** SPEC.md §2 Enquiries: the tab bar, in this order; "Brand Partners" holds the type 'Brand Partner'. */
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

/** /requests: enquiries sent from the footer and the contact page, one tab per kind, newest first. */
export default function RequestsPage() {
  usePageMeta('Requests', 'Giftwise admin: enquiries from visitors — hiring, contact, support and brand partners.');
  const [params, setParams] = useSearchParams();
  const type = parseType(params.get(TYPE_PARAM));

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
            <NotesList type={tab.type} />
          </Tab>
        ))}
      </Tabs>
    </Container>
  );
}

function NotesList({ type }: { type: EnquiryType }) {
  const [reloads, setReloads] = useState(0);
  const [loaded, setLoaded] = useState<{ reload: number; notes: Note[] | null; error?: string } | null>(null);

  useEffect(() => {
    let live = true;
    getNotes(type)
      .then((answer) => {
        if (!live) return;
        if (answer.success) {
          setLoaded({ reload: reloads, notes: answer.data });
        } else {
          notify(MESSAGES.failedToFetchOrders);
          setLoaded({ reload: reloads, notes: null, error: answer.error ?? MESSAGES.failedToFetchOrders });
        }
      })
      .catch((err: unknown) => {
        if (!live) return;
        console.error('Loading requests failed', err);
        notify(MESSAGES.errorFetchingOrders);
        setLoaded({ reload: reloads, notes: null, error: err instanceof Error ? err.message : MESSAGES.errorFetchingOrders });
      });
    return () => {
      live = false;
    };
  }, [type, reloads]);

  if (!loaded || loaded.reload !== reloads) return <PageSpinner label={`Loading ${type} requests…`} />;
  if (loaded.notes === null) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{loaded.error}</span>
        <Button variant="outline-danger" size="sm" onClick={() => setReloads((n) => n + 1)}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (loaded.notes.length === 0) return <p className="text-body-secondary py-4">No {type} Requests yet</p>;
  return (
    <>
      <h2 className="h5 mb-3">{type} Requests</h2>
      <Row xs={1} md={2} className="g-3 list-unstyled" as="ul" role="list" aria-label={`${type} Requests`}>
        {loaded.notes.map((note) => (
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
