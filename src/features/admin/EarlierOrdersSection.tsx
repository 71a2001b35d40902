import { Fragment } from 'react';
import Table from 'react-bootstrap/Table';

import { EARLIER_ORDERS_MAX } from '#contract/admin';
import { FEEDBACK_WORDS } from '#contract/feedbackWords';
import type { GivenGift } from '#contract/people';
import { DateInWords } from '@/components/DateInWords';
import { formatBudget } from '@/lib/money';

import { orNA } from './format';
import { StatusBadge } from './OrderDetailsSections';

/**
 * The customer's orders placed before this one for the same person, newest first: so staff do not send the same
 * gift twice, with the gift given (the approved proposal's title and price) and how it went. The server picks them
 * (the person, or the recipient's name for an order without one).
 */
export function EarlierOrdersSection({ orders, recipientName }: { orders: GivenGift[]; recipientName: string }) {
  const who = recipientName.trim() || 'this recipient';
  return (
    <section aria-labelledby="earlier-orders-title" className="mt-4">
      <h3 id="earlier-orders-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Earlier orders for {who}
      </h3>
      {orders.length === 0 ? (
        <p className="small text-body-secondary mb-0">This customer has no earlier orders for {who}.</p>
      ) : (
        <>
          <Table size="sm" responsive className="mb-1 small" aria-labelledby="earlier-orders-title">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Occasion</th>
                <th scope="col">Status</th>
                <th scope="col">Budget</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <Fragment key={o._id}>
                  <tr className={o.title || o.rating ? 'earlier-order-with-gift' : undefined}>
                    <td className="text-nowrap">
                      <DateInWords date={o.date} />
                    </td>
                    <td>{orNA(o.occasion)}</td>
                    <td>
                      <StatusBadge status={o.status} />
                    </td>
                    <td>{formatBudget(o.budget)}</td>
                  </tr>
                  {/* The gift given and how it went, under its order: the half-width dialog has no room for more columns. */}
                  {(o.title || o.rating) && (
                    <tr>
                      <td colSpan={4} className="pt-0 text-body-secondary">
                        {[
                          o.title && `Gift: ${o.title}, $${o.price}`,
                          o.rating &&
                            `How it went: ${FEEDBACK_WORDS[o.rating]}${o.ratingNote ? ` (“${o.ratingNote}”)` : ''}`,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </Table>
          {orders.length === EARLIER_ORDERS_MAX && (
            <p className="small text-body-secondary mb-0">The latest {EARLIER_ORDERS_MAX} are shown.</p>
          )}
        </>
      )}
    </section>
  );
}
