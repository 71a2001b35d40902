import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdminOrderDetails } from '#contract/admin';
import type { GiftProposal } from '#contract/journey';
import { PROPOSAL_PICTURE_MAX_BYTES } from '#contract/proposalLimits';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { server } from '@/test/server';

import { orderFixture } from '../../../../tests/support/fixtures';
import { ProposalSection } from './ProposalSection';

const ORDER: AdminOrderDetails = { ...orderFixture({ budget: '75' }), statusHistory: [] };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PROPOSAL: GiftProposal = {
  title: 'Lavender candle set',
  description: 'Three candles',
  price: '49.99',
  state: 'declined',
  responseNote: 'She has candles; a book?',
  proposedAt: '2026-11-20T10:00:00.000Z',
};

let sent: { url: string; body: Record<string, unknown>; token: string | null }[];
let gate: Promise<void>;
let release: () => void;

function backend() {
  server.use(
    mockRoute(routes.proposeGift, async ({ request }) => {
      sent.push({
        url: new URL(request.url).pathname,
        body: (await request.json()) as Record<string, unknown>,
        token: request.headers.get('auth-token'),
      });
      await gate;
      return {
        status: 201,
        body: { success: true as const, status: 'new' as const, proposal: { ...PROPOSAL, state: 'open' as const } },
      };
    }),
  );
}

function renderSection(order: AdminOrderDetails = ORDER) {
  const onProposed = vi.fn();
  const user = userEvent.setup();
  render(<ProposalSection order={order} onProposed={onProposed} />);
  return { user, onProposed };
}

beforeEach(() => {
  sent = [];
  gate = Promise.resolve();
  localStorage.setItem('authtoken_admin', 'admin-token');
});

describe('View Order: propose a gift', () => {
  it('sends the title, description, price, the reason above the budget and the picture, disabled while sending', async () => {
    backend();
    gate = new Promise((resolve) => (release = resolve));
    const { user, onProposed } = renderSection();
    const form = screen.getByRole('form', { name: 'Propose a gift' });
    await user.type(within(form).getByLabelText('Title'), 'Lavender candle set');
    await user.type(within(form).getByLabelText('Description'), 'Three candles');
    expect(within(form).queryByLabelText('Why it is over budget')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Price'), '$89');
    expect(within(form).getByLabelText('Price')).toHaveAccessibleDescription('Above the budget of $75: say why below.');
    await user.type(within(form).getByLabelText('Why it is over budget'), 'Only the large set is left');
    await user.upload(
      within(form).getByLabelText('Picture (optional)'),
      new File([PNG], 'candles.png', { type: 'image/png' }),
    );
    expect(await within(form).findByRole('img', { name: 'Preview of the chosen picture' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await user.click(within(form).getByRole('button', { name: 'Propose gift' }));
    expect(within(form).getByRole('button', { name: 'Proposing…' })).toBeDisabled();
    expect(within(form).getByLabelText('Title')).toBeDisabled();
    release();
    await waitFor(() => expect(onProposed).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        url: `/api/admin/gifts/${ORDER._id}/proposal`,
        token: 'admin-token',
        body: {
          title: 'Lavender candle set',
          description: 'Three candles',
          price: '$89',
          overBudgetReason: 'Only the large set is left',
          picture: btoa(String.fromCharCode(...PNG)),
        },
      },
    ]);
  });

  it('refuses a picture that is too large or not an image before sending anything', async () => {
    backend();
    const { user } = renderSection();
    const chooser = screen.getByLabelText('Picture (optional)');
    await user.upload(
      chooser,
      new File([new Uint8Array(PROPOSAL_PICTURE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The picture is larger than 2 MB. Choose a smaller one.',
    );
    await user.upload(
      screen.getByLabelText('Picture (optional)'),
      new File(['this is text, not a PNG'], 'fake.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture must be a JPEG, PNG or WebP image.');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    server.use(
      mockRoute(routes.proposeGift, () => ({
        status: 409,
        body: {
          success: false,
          error: 'This order already has an open proposal: the customer has not answered it yet',
        },
      })),
    );
    const { user, onProposed } = renderSection();
    await user.type(screen.getByLabelText('Title'), 'Candles');
    await user.type(screen.getByLabelText('Price'), '20');
    await user.click(screen.getByRole('button', { name: 'Propose gift' }));
    expect(await screen.findByText(/already has an open proposal/)).toBeInTheDocument();
    expect(onProposed).not.toHaveBeenCalled();
  });

  it("shows the current proposal, its state and the customer's note, and offers a new one after a decline", () => {
    renderSection({ ...ORDER, proposal: PROPOSAL });
    const section = screen.getByRole('region', { name: 'Gift proposal' });
    expect(section).toHaveTextContent('Lavender candle set $49.99');
    expect(section).toHaveTextContent('Asked for something else');
    expect(section).toHaveTextContent('The customer asked for: She has candles; a book?');
    expect(screen.getByRole('form', { name: 'Propose a gift' })).toBeInTheDocument();
  });

  it('offers no form while a proposal is open or once the order has moved on', () => {
    const { unmount } = render(
      <ProposalSection order={{ ...ORDER, proposal: { ...PROPOSAL, state: 'open' } }} onProposed={vi.fn()} />,
    );
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    unmount();
    render(<ProposalSection order={{ ...ORDER, status: 'processed' }} onProposed={vi.fn()} />);
    expect(screen.getByText('None yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
