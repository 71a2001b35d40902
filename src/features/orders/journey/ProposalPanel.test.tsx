import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { GiftProposal } from '#contract/journey';
import type { CustomerOrder } from '#contract/orders';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { serveOrdersPage } from '@/test/ordersBackend';
import { renderAppRoute } from '@/test/renderAppRoute';
import { server } from '@/test/server';

import { orderFixture } from '../../../../tests/support/fixtures';

const PROPOSAL: GiftProposal = {
  title: 'Lavender candle set',
  description: 'Three hand-poured candles',
  price: '89.00',
  overBudgetReason: 'The large set is the one she asked for',
  imageUrl: '/api/gifts/images/6f1c2a4e-8d3b-4c1a-9e2f-0a1b2c3d4e5f',
  state: 'open',
  proposedAt: '2026-11-20T10:00:00.000Z',
};

let store: CustomerOrder[];
let sent: { url: string; body: unknown; token: string | null }[];
/** Holds an answer back until released, to see the card while the request is out. */
let gate: Promise<void>;
let release: () => void;

function backend() {
  serveOrdersPage(() => store);
  server.use(
    mockRoute(routes.approveProposal, async ({ request }) => {
      sent.push({ url: new URL(request.url).pathname, body: null, token: request.headers.get('auth-token') });
      await gate;
      const proposal = { ...store[0].proposal!, state: 'approved' as const };
      store = [{ ...store[0], status: 'processed', proposal }];
      return { success: true as const, status: 'processed' as const, proposal };
    }),
    mockRoute(routes.declineProposal, async ({ request, body }) => {
      sent.push({
        url: new URL(request.url).pathname,
        body: await request.json(),
        token: request.headers.get('auth-token'),
      });
      await gate;
      const proposal = {
        ...store[0].proposal!,
        state: 'declined' as const,
        responseNote: (body as { note: string }).note,
      };
      store = [{ ...store[0], proposal }];
      return { success: true as const, status: 'new' as const, proposal };
    }),
  );
}

beforeAll(() => import('../OrdersPage'));
beforeEach(() => {
  store = [orderFixture({ proposal: PROPOSAL, budget: '75' })];
  sent = [];
  gate = Promise.resolve();
  localStorage.setItem('authtoken', 'customer-token');
});

const holdAnswers = () => {
  gate = new Promise((resolve) => (release = resolve));
};
const panel = async () => screen.findByRole('region', { name: 'Proposed gift' });

describe("the order card's proposal", () => {
  it('shows the picture, title, price, description and why it is above the budget', async () => {
    backend();
    renderAppRoute('/orders');
    const proposal = await panel();
    expect(within(proposal).getByRole('img', { name: 'Lavender candle set' })).toHaveAttribute(
      'src',
      PROPOSAL.imageUrl,
    );
    expect(proposal).toHaveTextContent('Lavender candle set $89.00');
    expect(proposal).toHaveTextContent('Three hand-poured candles');
    expect(proposal).toHaveTextContent('Above the budget: The large set is the one she asked for');
    expect(proposal).toHaveTextContent('Waiting for approval');
  });

  it('approves: the buttons are disabled while sending, then the card says it is approved and processed', async () => {
    backend();
    holdAnswers();
    const { user } = renderAppRoute('/orders');
    const proposal = await panel();
    await user.click(within(proposal).getByRole('button', { name: 'Approve' }));
    expect(within(proposal).getByRole('button', { name: 'Approving…' })).toBeDisabled();
    expect(within(proposal).getByRole('button', { name: 'Ask for something else' })).toBeDisabled();
    release();
    expect(await within(proposal).findByText('We are preparing this gift.')).toBeInTheDocument();
    expect(within(proposal).queryByRole('button')).not.toBeInTheDocument();
    expect(proposal).toHaveTextContent('Approved');
    await waitFor(() => expect(screen.getByTestId('order-card')).toHaveTextContent('Processed'));
    expect(sent).toEqual([{ url: `/api/gifts/${store[0]._id}/proposal/approve`, body: null, token: 'customer-token' }]);
  });

  it('asks for something else with a note; Cancel and Escape close the form without sending', async () => {
    backend();
    const { user } = renderAppRoute('/orders');
    const proposal = await panel();
    await user.click(within(proposal).getByRole('button', { name: 'Ask for something else' }));
    const note = within(proposal).getByLabelText('What would you like instead?');
    expect(note).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(proposal).queryByLabelText('What would you like instead?')).not.toBeInTheDocument();
    await user.click(within(proposal).getByRole('button', { name: 'Ask for something else' }));
    await user.click(within(proposal).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);

    await user.click(within(proposal).getByRole('button', { name: 'Ask for something else' }));
    await user.type(within(proposal).getByLabelText('What would you like instead?'), 'She has candles; a book?');
    await user.click(within(proposal).getByRole('button', { name: 'Send' }));
    expect(await within(proposal).findByText('You asked for: She has candles; a book?')).toBeInTheDocument();
    expect(proposal).toHaveTextContent('We will find something else and propose it here.');
    expect(within(proposal).queryByRole('button')).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        url: `/api/gifts/${store[0]._id}/proposal/decline`,
        body: { note: 'She has candles; a book?' },
        token: 'customer-token',
      },
    ]);
  });

  it("shows the server's refusal and reloads the list", async () => {
    backend();
    let loads = 0;
    server.use(
      mockRoute(routes.getOrders, () => {
        loads++;
        return store;
      }),
      mockRoute(routes.approveProposal, () => ({
        status: 409,
        body: { success: false, error: 'This order has no open proposal to answer' },
      })),
    );
    const { user } = renderAppRoute('/orders');
    const proposal = await panel();
    await user.click(within(proposal).getByRole('button', { name: 'Approve' }));
    expect(await within(proposal).findByRole('alert')).toHaveTextContent('This order has no open proposal to answer');
    await waitFor(() => expect(loads).toBe(2));
  });

  it.each([
    ['withdrawn', 'new', 'You changed the order, so we will propose a gift for it as it is now.'],
    // Staff moved the order on before it was answered (which withdraws the proposal).
    ['withdrawn', 'processed', 'We went ahead with your order as you placed it, without this proposal.'],
    ['withdrawn', 'rejected', 'This proposal was withdrawn.'],
    ['approved', 'processed', 'We are preparing this gift.'],
    ['open', 'processed', null],
  ] as const)('offers no answer when the proposal is %s and the order %s', async (state, status, says) => {
    store = [orderFixture({ status, proposal: { ...PROPOSAL, state } })];
    backend();
    renderAppRoute('/orders');
    const proposal = await panel();
    expect(within(proposal).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    if (says) expect(proposal).toHaveTextContent(says);
    if (state === 'withdrawn') expect(proposal).toHaveTextContent('Withdrawn');
  });

  it('is absent from a card without a proposal', async () => {
    store = [orderFixture()];
    backend();
    renderAppRoute('/orders');
    await screen.findByText('Gift for Maya');
    expect(screen.queryByRole('region', { name: 'Proposed gift' })).not.toBeInTheDocument();
  });
});
