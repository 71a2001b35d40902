import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';

import type { AdminOrderDetails, AdminUserDetails } from '#contract/admin';
import type { OrderStatus } from '#contract/orderStatus';
import { DateInWords } from '@/components/DateInWords';
import { PhoneWithCode } from '@/components/PhoneWithCode';
import { formatBudget } from '@/lib/money';

import { orNA } from './format';

/** What the View Order dialog shows: the order with its status, and the customer (its timeline: journey/). */

export const STATUS_BADGE: Record<OrderStatus, { bg: string; text?: 'dark' | 'light' }> = {
  new: { bg: 'info', text: 'dark' },
  processed: { bg: 'warning', text: 'dark' },
  finished: { bg: 'success' },
  rejected: { bg: 'danger' },
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  const style = STATUS_BADGE[status];
  return (
    <Badge bg={style.bg} text={style.text} className="text-capitalize">
      {status}
    </Badge>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function OrderSection({ order }: { order: AdminOrderDetails }) {
  return (
    <section aria-labelledby="order-section-title">
      <h3 id="order-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Order
      </h3>
      <dl className="admin-facts">
        <Fact label="Status" value={<StatusBadge status={order.status} />} />
        <Fact label="Recipient name" value={orNA(order.recipientName)} />
        <Fact label="Relationship" value={orNA(order.relationship)} />
        <Fact label="Occasion" value={orNA(order.occasion)} />
        <Fact label="Gender" value={orNA(order.gender)} />
        <Fact label="Address" value={orNA(order.address)} />
        <Fact
          label="Phone number"
          value={order.phoneNumber ? <PhoneWithCode code={order.countryCode} phone={order.phoneNumber} /> : 'N/A'}
        />
        <Fact label="Email" value={orNA(order.email)} />
        <Fact label="Interests" value={orNA(order.interests)} />
        <Fact label="Budget" value={formatBudget(order.budget)} />
        <Fact label="Default option" value={orNA(order.defaultOption)} />
        <Fact label="Comments" value={orNA(order.comments)} />
        <Fact label="Delivery date" value={order.date ? <DateInWords date={order.date} weekday /> : 'N/A'} />
      </dl>
    </section>
  );
}

export function CustomerSection({ user }: { user: AdminUserDetails }) {
  const expiry =
    user.cardExpirationMonth && user.cardExpirationYear
      ? `${String(user.cardExpirationMonth).padStart(2, '0')}/${user.cardExpirationYear}`
      : 'N/A';
  return (
    <section aria-labelledby="customer-section-title">
      <h3 id="customer-section-title" className="h6 text-uppercase text-body-secondary admin-section-title">
        Customer
      </h3>
      <dl className="admin-facts">
        <Fact label="Name" value={orNA(user.name)} />
        <Fact label="Email" value={orNA(user.email)} />
        <Fact label="Customer since" value={user.date ? <DateInWords date={user.date} year /> : 'N/A'} />
        <Fact label="Address" value={orNA(user.address)} />
        <Fact label="Phone" value={orNA(user.phno)} />
        <Fact label="Card holder" value={orNA(user.cardHolderName)} />
        <Fact label="Card number" value={user.cardNumber ? user.cardNumber : 'No card saved'} />
        <Fact label="CVV" value="not stored" />
        <Fact label="Card expiry" value={expiry} />
        <Fact label="Billing zip code" value={orNA(user.billingZipCode)} />
      </dl>
    </section>
  );
}
