import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';

import type { CustomerOrder } from '#contract/orders';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import { orderFixture } from '../../../../tests/support/fixtures';
import { OrderCard } from '../OrderCard';

/** The card's shipment, delivery and "how did it go?" (docs/workflow.md, "The gift's journey"). */

const ID = '00000000-0000-4000-8000-0000000000aa';
const SHIPMENT = {
  carrier: 'Parcelly',
  trackingNumber: 'PX-1001',
  trackingUrl: 'https://track.parcelly.example/PX-1001',
  shippedOn: '2026-11-20',
};
const DELIVERED: Partial<CustomerOrder> = {
  _id: ID,
  recipientName: 'Nora',
  status: 'finished',
  shipment: SHIPMENT,
  delivery: { deliveredOn: '2026-11-22', note: 'Left with the concierge' },
};

const renderCard = (order: Partial<CustomerOrder>, path = '/orders') =>
  renderRoute(<OrderCard order={orderFixture(order)} onEdit={() => {}} onDelete={() => {}} />, {
    path,
    routePath: '/orders',
  });

describe('ShipmentPanel', () => {
  it('shows "Shipped" with the carrier, the number and a safe tracking link, then "Delivered on" in words', () => {
    renderCard(DELIVERED);
    const panel = screen.getByTestId('shipment-panel');
    expect(panel).toHaveTextContent(`Shipped on ${dateInWords('2026-11-20')} with Parcelly`);
    expect(panel).toHaveTextContent('Tracking number: PX-1001');
    const link = within(panel).getByRole('link', { name: /Track the gift for Nora with Parcelly/ });
    expect(link).toHaveAttribute('href', SHIPMENT.trackingUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(panel).toHaveTextContent(`Delivered on ${dateInWords('2026-11-22')}`);
    expect(panel).toHaveTextContent('Left with the concierge');
  });

  it('never makes a link of an address that is not https', () => {
    renderCard({ ...DELIVERED, shipment: { ...SHIPMENT, trackingUrl: 'javascript:alert(1)' } });
    expect(within(screen.getByTestId('shipment-panel')).queryByRole('link')).toBeNull();
  });

  it('shows nothing on an order not shipped yet', () => {
    renderCard({ _id: ID, status: 'processed' });
    expect(screen.queryByTestId('shipment-panel')).toBeNull();
    expect(screen.queryByTestId('feedback-panel')).toBeNull();
  });
});

describe('FeedbackPanel', () => {
  it('rates a delivered gift with a line: disabled while sending, then shows it and may change it', async () => {
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.rateGift, async ({ body, params }) => {
        sent.push({ id: params.id, body });
        await delay(50);
        return { success: true, feedback: { ...body, at: '2026-11-23T10:00:00.000Z' } } as const;
      }),
    );
    const { user } = renderCard(DELIVERED);
    const form = screen.getByRole('form', { name: 'How did the gift go?' });
    await user.click(within(form).getByRole('radio', { name: 'Loved it' }));
    await user.type(within(form).getByLabelText('Anything to add? (optional)'), 'She kept the vase');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('radio', { name: 'Loved it' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Saving…' })).toBeDisabled();

    const panel = await screen.findByText('How it went:');
    expect(panel.parentElement).toHaveTextContent('How it went: Loved it');
    expect(screen.getByText('“She kept the vase”')).toBeInTheDocument();
    expect(sent).toEqual([{ id: ID, body: { rating: 'loved', note: 'She kept the vase' } }]);

    await user.click(screen.getByRole('button', { name: 'Change how the gift for Nora went' }));
    await user.click(screen.getByRole('radio', { name: 'Not for them' }));
    await user.clear(screen.getByLabelText('Anything to add? (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('How it went:').parentElement).toHaveTextContent('Not for them'));
    expect(sent[1]).toEqual({ id: ID, body: { rating: 'not_for_them' } });
  });

  it("shows the server's refusal and asks for a rating before sending", async () => {
    server.use(
      mockRoute(routes.rateGift, () => ({
        status: 409,
        body: { success: false, error: 'You can say how the gift went once it has been delivered.' },
      })),
    );
    const { user } = renderCard(DELIVERED);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose how the gift went.');
    await user.click(screen.getByRole('radio', { name: 'It was fine' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can say how the gift went once it has been delivered.',
    );
  });

  it("opened from the Delivered email's link, the rated card opens its form with the rating focused", () => {
    renderCard(
      { ...DELIVERED, feedback: { rating: 'fine', at: '2026-11-23T10:00:00.000Z' } },
      `/orders?order=${ID}&feedback=1`,
    );
    expect(screen.getByRole('radio', { name: 'Loved it' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'It was fine' })).toBeChecked();

    // The list then focuses the linked card (useOrderDeepLink): the focus goes on to the rating, once.
    const card = screen.getByRole('article');
    card.focus();
    expect(screen.getByRole('radio', { name: 'Loved it' })).toHaveFocus();
    card.focus();
    expect(card).toHaveFocus();
  });

  it('another card, or a rated card without the link, shows the rating and takes no focus', () => {
    renderCard(
      { ...DELIVERED, feedback: { rating: 'fine', note: 'Nice', at: '2026-11-23T10:00:00.000Z' } },
      '/orders?order=someone-else&feedback=1',
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('How it went:').parentElement).toHaveTextContent('How it went: It was fine');
    expect(document.body).toHaveFocus();
  });

  it('is not offered on a finished order without a delivery day', () => {
    renderCard({ _id: ID, status: 'finished' });
    expect(screen.queryByTestId('feedback-panel')).toBeNull();
  });
});
