import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';

import type { AdminOrderDetails } from '#contract/admin';
import { FEEDBACK_WORDS } from '#contract/feedbackWords';
import type { Shipment } from '#contract/journey';
import { isTrackingUrl, SHIPPING_LIMITS } from '#contract/shippingLimits';
import { recordShipment } from '@/api/admin';
import { ProblemScope, SubmitError } from '@/components/FormProblem';
import { TextField } from '@/components/TextField';
import { useSubmit } from '@/hooks/useSubmit';
import { dateInWords } from '@/lib/dateWords';
import { notify } from '@/lib/notify';

import { localToday } from './localDay';

/**
 * View Order's shipment: on a processed order, the form that records it (carrier, tracking number, https tracking
 * address, day shipped) and corrects it; once recorded, what was recorded, then the delivery and how it went.
 */
export function ShipmentSection({ order, onRecorded }: { order: AdminOrderDetails; onRecorded: () => void }) {
  const { shipment, delivery, feedback } = order;
  const [editing, setEditing] = useState(false);
  const canRecord = order.status === 'processed';
  if (!shipment && !delivery && !canRecord) return null;

  return (
    <section aria-labelledby="shipment-section-title" className="mt-4">
      <h3 id="shipment-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Shipment and delivery
      </h3>
      {canRecord && (!shipment || editing) ? (
        <ShipmentForm
          orderId={order._id}
          current={shipment}
          onCancel={shipment ? () => setEditing(false) : undefined}
          onSaved={() => {
            setEditing(false);
            onRecorded();
          }}
        />
      ) : (
        <>
          <dl className="admin-facts mb-2">
            {shipment ? (
              <>
                <dt>Carrier</dt>
                <dd>{shipment.carrier}</dd>
                <dt>Tracking number</dt>
                <dd className="font-monospace">{shipment.trackingNumber}</dd>
                <dt>Tracking</dt>
                <dd>
                  {isTrackingUrl(shipment.trackingUrl) ? (
                    <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                      {shipment.trackingUrl}
                    </a>
                  ) : (
                    shipment.trackingUrl
                  )}
                </dd>
                <dt>Shipped on</dt>
                <dd>
                  <time dateTime={shipment.shippedOn}>{dateInWords(shipment.shippedOn)}</time>
                </dd>
              </>
            ) : (
              <>
                <dt>Shipment</dt>
                <dd>Not recorded</dd>
              </>
            )}
            {delivery && (
              <>
                <dt>Delivered on</dt>
                <dd>
                  <time dateTime={delivery.deliveredOn}>{dateInWords(delivery.deliveredOn)}</time>
                </dd>
                {delivery.note && (
                  <>
                    <dt>Delivery note</dt>
                    <dd className="admin-details-text">{delivery.note}</dd>
                  </>
                )}
              </>
            )}
            {feedback && (
              <>
                <dt>How it went</dt>
                <dd>
                  {FEEDBACK_WORDS[feedback.rating]}
                  {feedback.note && <span className="d-block admin-details-text">“{feedback.note}”</span>}
                </dd>
              </>
            )}
          </dl>
          {canRecord && shipment && (
            <Button variant="outline-secondary" size="sm" onClick={() => setEditing(true)}>
              Correct shipment
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function ShipmentForm({
  orderId,
  current,
  onCancel,
  onSaved,
}: {
  orderId: string;
  current?: Shipment;
  onCancel?: () => void;
  onSaved: () => void;
}) {
  const today = localToday();
  const [values, setValues] = useState<Shipment>(
    current ?? { carrier: '', trackingNumber: '', trackingUrl: '', shippedOn: today },
  );
  const set = (field: keyof Shipment) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const { busy, problem, submit } = useSubmit<Awaited<ReturnType<typeof recordShipment>>>({
    onSuccess: () => {
      notify(current ? 'The shipment was corrected.' : 'The shipment was recorded.');
      onSaved();
    },
    fallbackError: 'The shipment could not be recorded.',
    what: 'Recording the shipment',
  });
  const urlInvalid = values.trackingUrl.trim() !== '' && !isTrackingUrl(values.trackingUrl.trim());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (urlInvalid) return;
    const form = event.currentTarget;
    void submit(
      () =>
        recordShipment(orderId, {
          carrier: values.carrier.trim(),
          trackingNumber: values.trackingNumber.trim(),
          trackingUrl: values.trackingUrl.trim(),
          shippedOn: values.shippedOn,
          replacing: current?.trackingNumber ?? null,
        }),
      form,
    );
  };

  return (
    <Form onSubmit={onSubmit} aria-label={current ? 'Correct the shipment' : 'Record the shipment'}>
      <ProblemScope problem={problem}>
        <fieldset disabled={busy}>
          <TextField
            label="Carrier"
            id="shipment-carrier"
            groupClassName="mb-2"
            required
            maxLength={SHIPPING_LIMITS.carrier}
            value={values.carrier}
            onChange={set('carrier')}
            autoComplete="off"
          />
          <TextField
            label="Tracking number"
            id="shipment-tracking-number"
            groupClassName="mb-2"
            required
            maxLength={SHIPPING_LIMITS.trackingNumber}
            value={values.trackingNumber}
            onChange={set('trackingNumber')}
            autoComplete="off"
          />
          <Form.Group controlId="shipment-tracking-url" className="mb-2">
            <Form.Label>Tracking address</Form.Label>
            <Form.Control
              type="url"
              required
              inputMode="url"
              placeholder="https://"
              maxLength={SHIPPING_LIMITS.trackingUrl}
              value={values.trackingUrl}
              onChange={(e) => set('trackingUrl')(e.target.value)}
              isInvalid={urlInvalid}
              aria-describedby="shipment-tracking-url-help"
            />
            <Form.Control.Feedback type="invalid">
              Enter an https address, like https://carrier.example/track/123
            </Form.Control.Feedback>
            <Form.Text id="shipment-tracking-url-help">The customer gets this link (https only).</Form.Text>
          </Form.Group>
          <TextField
            label="Shipped on"
            id="shipment-shipped-on"
            groupClassName="mb-2"
            type="date"
            required
            max={today}
            value={values.shippedOn}
            onChange={set('shippedOn')}
          />
          <SubmitError className="py-2 px-3 mb-2 small" />
          <div className="d-flex gap-2">
            <Button type="submit" size="sm" aria-busy={busy}>
              {busy && <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />}
              {current ? 'Save correction' : 'Record shipment'}
            </Button>
            {onCancel && (
              <Button variant="outline-secondary" size="sm" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </div>
        </fieldset>
      </ProblemScope>
    </Form>
  );
}
