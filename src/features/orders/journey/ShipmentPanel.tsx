import type { CustomerOrder } from '#contract/orders';
import { isTrackingUrl } from '#contract/shippingLimits';
import { dateInWords } from '@/lib/dateWords';

/**
 * The card's shipment and delivery: "Shipped" with the carrier, the tracking number and the tracking link (only an
 * https address is ever a link; it opens in a new tab that cannot reach back to ours), then "Delivered on <date>"
 * with staff's note.
 */
export function ShipmentPanel({ order }: { order: CustomerOrder }) {
  const { shipment, delivery } = order;
  if (!shipment && !delivery) return null;
  return (
    <div className="order-journey border rounded px-3 py-2 mb-3 small" data-testid="shipment-panel">
      {shipment && (
        <>
          <p className="mb-1">
            <span className="fw-semibold">Shipped</span>
            {` on ${dateInWords(shipment.shippedOn)} with ${shipment.carrier}`}
          </p>
          <p className="mb-1 text-break">
            {'Tracking number: '}
            <span className="font-monospace">{shipment.trackingNumber}</span>
          </p>
          {isTrackingUrl(shipment.trackingUrl) && (
            <p className="mb-1">
              <a
                href={shipment.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Track the gift for ${order.recipientName} with ${shipment.carrier} (opens in a new tab)`}
              >
                Track the parcel
              </a>
            </p>
          )}
        </>
      )}
      {delivery && (
        <>
          <p className={`mb-${delivery.note ? 1 : 0} fw-semibold text-success-emphasis`}>
            {`Delivered on ${dateInWords(delivery.deliveredOn)}`}
          </p>
          {delivery.note && <p className="mb-0 text-break">{delivery.note}</p>}
        </>
      )}
    </div>
  );
}
