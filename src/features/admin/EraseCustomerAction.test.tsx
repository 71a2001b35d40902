import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import { EraseCustomerAction } from './EraseCustomerAction';

function renderAction() {
  localStorage.setItem('authtoken_admin', 'admin-token');
  const onErased = vi.fn();
  const user = userEvent.setup();
  render(<EraseCustomerAction email="ann@example.com" onErased={onErased} />);
  return { user, onErased };
}

describe('View Order: erase the customer on request', () => {
  it('asks first, then erases the account by its email and says how many orders were kept', async () => {
    const sent: unknown[] = [];
    const tokens: Array<string | null> = [];
    server.use(
      mockRoute(routes.eraseCustomer, async ({ request }) => {
        sent.push(await request.json());
        tokens.push(request.headers.get('auth-token'));
        return { success: true, ordersKept: 3 };
      }),
    );
    const alert = spyOnAlert();
    const { user, onErased } = renderAction();
    await user.click(screen.getByRole('button', { name: "Erase this customer's data…" }));

    const ask = screen.getByRole('group', { name: "Erase ann@example.com's account?" });
    expect(ask).toHaveTextContent('cannot be undone');
    // The safe choice has the focus: Enter does not erase anything.
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(sent).toEqual([]);

    await user.click(within(ask).getByRole('button', { name: 'Erase account' }));
    await waitFor(() => expect(onErased).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([{ email: 'ann@example.com' }]);
    expect(tokens).toEqual(['admin-token']);
    expect(alert).toHaveBeenCalledWith(
      "The customer's account was erased. 3 orders were kept without their personal details.",
    );
  });

  it('shows the refusal and leaves the dialog as it was', async () => {
    server.use(
      mockRoute(routes.eraseCustomer, () => ({
        status: 404,
        body: { success: false, error: 'No customer account has this email' },
      })),
    );
    const { user, onErased } = renderAction();
    await user.click(screen.getByRole('button', { name: "Erase this customer's data…" }));
    await user.click(screen.getByRole('button', { name: 'Erase account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No customer account has this email');
    expect(onErased).not.toHaveBeenCalled();
  });

  it('Cancel sends nothing', async () => {
    let calls = 0;
    server.use(
      mockRoute(routes.eraseCustomer, () => {
        calls += 1;
        return { success: true, ordersKept: 0 };
      }),
    );
    const { user, onErased } = renderAction();
    await user.click(screen.getByRole('button', { name: "Erase this customer's data…" }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: "Erase this customer's data…" })).toBeInTheDocument();
    expect(calls).toBe(0);
    expect(onErased).not.toHaveBeenCalled();
  });
  it('refused for want of a recent code, asks for one in a dialog, verifies it and erases', async () => {
    let erasures = 0;
    const verified: unknown[] = [];
    server.use(
      mockRoute(routes.eraseCustomer, () => {
        erasures += 1;
        if (erasures === 1) {
          return {
            status: 403,
            body: {
              success: false,
              error: 'Confirm it is you: enter a code from your authenticator app to do this',
              secondFactor: 'totp',
            },
          };
        }
        return { success: true, ordersKept: 1 };
      }),
      mockRoute(routes.totpVerify, async ({ request }) => {
        verified.push(await request.json());
        return { success: true };
      }),
    );
    const { user, onErased } = renderAction();
    await user.click(screen.getByRole('button', { name: "Erase this customer's data…" }));
    await user.click(screen.getByRole('button', { name: 'Erase account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(dialog).getByLabelText('Authentication code'), '246810');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onErased).toHaveBeenCalledTimes(1));
    expect(verified).toEqual([{ code: '246810' }]);
    expect(erasures).toBe(2);
  });
});
