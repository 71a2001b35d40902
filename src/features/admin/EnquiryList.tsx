import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';

import type { Enquiry, EnquiryType } from '#contract/enquiries';
import { BusyButton } from '@/components/SubmitButton';
import { usePagedList } from '@/hooks/usePagedList';

import { fetchEnquiryPage } from './enquiriesData';
import { orNA } from './format';
import { ListLoadFailed } from './ListLoadFailed';
import type { ListPage } from './listPage';
import { useSecondFactorPrompt } from './SecondFactorDialog';

const arrived = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * One tab's enquiries, newest first, as cards under "{type} Requests", with Load more for older ones. When the
 * first page could not be had: why, and Try again (the route's loader again).
 */
export function EnquiryList({ type, first }: { type: EnquiryType; first: ListPage<Enquiry> }) {
  if (!first.ok) return <ListLoadFailed failed={first} />;
  return <EnquiryCards type={type} first={first} />;
}

function EnquiryCards({ type, first }: { type: EnquiryType; first: ListPage<Enquiry> & { ok: true } }) {
  // Load more shows why it failed under the list, without an alert.
  const secondFactor = useSecondFactorPrompt();
  const pages = usePagedList(first, (cursor, signal) =>
    fetchEnquiryPage(type, cursor, 'Loading more requests', signal, secondFactor.confirm),
  );
  if (pages.items.length === 0) return <p className="text-body-secondary py-4">No {type} Requests yet</p>;
  return (
    <>
      <h2 className="h5 mb-3">{type} Requests</h2>
      <Row xs={1} md={2} className="g-3 list-unstyled" as="ul" role="list" aria-label={`${type} Requests`}>
        {pages.items.map((enquiry) => (
          <Col as="li" key={enquiry._id}>
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <dl className="admin-facts mb-0">
                  <dt>Arrived</dt>
                  <dd>
                    <time dateTime={enquiry.createdAt}>{arrived(enquiry.createdAt)}</time>
                  </dd>
                  <dt>Email</dt>
                  <dd className="text-break">{orNA(enquiry.email)}</dd>
                  <dt>Name</dt>
                  <dd className="text-break">{orNA(enquiry.name)}</dd>
                  <dt>Details</dt>
                  <dd className="admin-details-text">{orNA(enquiry.details)}</dd>
                </dl>
                {enquiry.email.includes('@') && (
                  <a
                    className="btn btn-outline-primary btn-sm mt-3"
                    href={`mailto:${encodeURIComponent(enquiry.email)}?subject=${encodeURIComponent(`Re: your ${type} enquiry`)}`}
                    aria-label={`Reply to ${enquiry.name || enquiry.email}`}
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
      {secondFactor.dialog}
    </>
  );
}
