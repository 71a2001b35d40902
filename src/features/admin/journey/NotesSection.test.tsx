import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { server } from '@/test/server';

import { NotesSection } from './NotesSection';

const ORDER_ID = '22222222-2222-4222-8222-222222222222';
const NOTE = { _id: 'n1', body: 'Called the customer', by: 'boss@example.com', at: '2026-03-01T09:00:00.000Z' };

describe('View Order: internal notes', () => {
  it('lists the notes with author and time, and adds one: disabled while blank or sending, appended newest last', async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.addOrderNote, async ({ params, body, request }) => {
        sent.push([params.id, body, request.headers.get('auth-token')]);
        await delay(50);
        return {
          success: true,
          note: { _id: 'n2', body: 'Wrap in blue', by: 'chief@example.com', at: '2026-03-02T09:00:00.000Z' },
        };
      }),
    );
    const user = userEvent.setup();
    render(<NotesSection orderId={ORDER_ID} notes={[NOTE]} />);
    const list = screen.getByRole('list', { name: 'Internal notes' });
    expect(within(list).getByText('Called the customer')).toBeVisible();
    expect(list).toHaveTextContent('boss@example.com');

    const add = screen.getByRole('button', { name: 'Add note' });
    const field = screen.getByLabelText('Add a note');
    // Counted rather than cut at its limit (CharacterCount.test.tsx).
    expect(field).toHaveAttribute('aria-describedby', 'order-note-left');
    expect(field).not.toHaveAttribute('maxlength');
    expect(add).toBeDisabled();
    await user.type(field, '   ');
    expect(add).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Wrap in blue');
    await user.click(add);
    expect(add).toBeDisabled();
    expect(field).toBeDisabled();
    await within(list).findByText('Wrap in blue');
    expect(sent).toEqual([[ORDER_ID, { body: 'Wrap in blue' }, 'admin-token']]);
    expect(
      within(list)
        .getAllByTestId('order-note')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Called the customer', 'Wrap in blue']);
    expect(field).toHaveValue('');
  });

  it("shows the server's reason when a note is refused, and keeps what was typed", async () => {
    localStorage.setItem('authtoken_admin', 'admin-token');
    server.use(
      mockRoute(routes.addOrderNote, () => ({ status: 404, body: { success: false, error: 'Order not found' } })),
    );
    const user = userEvent.setup();
    render(<NotesSection orderId={ORDER_ID} notes={[]} />);
    expect(screen.getByText('No notes yet.')).toBeVisible();
    await user.type(screen.getByLabelText('Add a note'), 'Lost order?');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Order not found')).toBeVisible();
    expect(screen.getByLabelText('Add a note')).toHaveValue('Lost order?');
  });
});
