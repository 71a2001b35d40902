import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { server } from '@/test/server';

import { TimelinePanel } from './TimelinePanel';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';

const STEPS = [
  { kind: 'placed', at: '2026-03-01T09:00:00.000Z', day: '2026-03-01', words: 'Placed' },
  { kind: 'proposed', at: '2026-03-02T09:00:00.000Z', day: '2026-03-02', words: 'Gift proposed: Orchid, $52.50' },
  { kind: 'shipped', at: '2026-03-06T09:00:00.000Z', day: '2026-03-05', words: 'Shipped with DHL' },
] as const;

function renderPanel() {
  localStorage.setItem('authtoken', 'customer-token');
  const user = userEvent.setup();
  render(<TimelinePanel orderId={ORDER_ID} />);
  return { user, toggle: screen.getByRole('button', { name: 'Timeline' }) };
}

describe("the order card's timeline", () => {
  it('is closed until asked; opening it loads the steps with a spinner, then lists them with their days in words', async () => {
    const asked: string[] = [];
    server.use(
      mockRoute(routes.getOrderTimeline, async ({ params, request }) => {
        asked.push(`${String(params.id)} ${request.headers.get('auth-token')}`);
        await delay(50);
        return { success: true, steps: [...STEPS] };
      }),
    );
    const { user, toggle } = renderPanel();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the timeline…');
    const list = await screen.findByRole('list', { name: 'Timeline' });
    expect(asked).toEqual([`${ORDER_ID} customer-token`]);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Placed ${dateInWords('2026-03-01')}`,
      `Gift proposed: Orchid, $52.50 ${dateInWords('2026-03-02')}`,
      `Shipped with DHL ${dateInWords('2026-03-05')}`,
    ]);
    expect(within(list).getByText(dateInWords('2026-03-05'))).toHaveAttribute('datetime', '2026-03-05');
    expect(toggle).toHaveAttribute('aria-controls', list.parentElement?.id);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says why when the timeline cannot be loaded, and tries again on request', async () => {
    let calls = 0;
    server.use(
      mockRoute(routes.getOrderTimeline, () => {
        calls += 1;
        return calls === 1
          ? { status: 404, body: { success: false, error: 'Order not found' } }
          : { success: true, steps: [STEPS[0]] };
      }),
    );
    const { user, toggle } = renderPanel();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Timeline' })).toHaveTextContent('Placed');
    expect(calls).toBe(2);
  });
});
