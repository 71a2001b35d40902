import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { FoundCustomer } from '#contract/privacy';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import { CustomerDataRequests } from './CustomerDataRequests';

const ANN: FoundCustomer = {
  id: '0d8f6c2e-4b1a-4e55-9d3c-6a2f1e7b9c10',
  name: 'Ann Lee',
  email: 'ann@example.com',
  createdAt: '2031-05-04T10:00:00.000Z',
  orders: 3,
  openOrders: 2,
  people: 1,
};

function renderSection() {
  localStorage.setItem('authtoken_admin', 'admin-token');
  const user = userEvent.setup();
  render(<CustomerDataRequests />);
  return { user, field: screen.getByLabelText('Email') };
}

describe('Requests: find a customer by email and erase their data on request', () => {
  it('finds the account by the email typed, shows who it is and what erasing touches, then erases it', async () => {
    const asked: Array<{ email: string | null; token: string | null }> = [];
    const erased: unknown[] = [];
    server.use(
      mockRoute(routes.findCustomer, ({ request, query }) => {
        asked.push({ email: query.get('email'), token: request.headers.get('auth-token') });
        return { success: true, customer: ANN };
      }),
      mockRoute(routes.eraseCustomer, async ({ request }) => {
        erased.push(await request.json());
        return { success: true, ordersKept: 3 };
      }),
    );
    const alert = spyOnAlert();
    const { user, field } = renderSection();
    expect(screen.getByRole('heading', { name: 'Customer data requests' })).toBeInTheDocument();

    await user.type(field, 'ANN@example.com');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    const found = await screen.findByRole('region', { name: 'Ann Lee' });
    expect(asked).toEqual([{ email: 'ANN@example.com', token: 'admin-token' }]);
    const facts = within(found);
    expect(facts.getByText('ann@example.com')).toBeInTheDocument();
    expect(facts.getByText('May 4, 2031')).toBeInTheDocument();
    expect(facts.getByText('3 (2 not finished: erasing cancels them)')).toBeInTheDocument();
    expect(facts.getByText('1')).toBeInTheDocument();

    // The erasure is View Order's: asked first, inline, by the account's own email as the server answered it.
    await user.click(facts.getByRole('button', { name: "Erase this customer's data…" }));
    const ask = facts.getByRole('group', { name: "Erase ann@example.com's account?" });
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Erase account' }));

    await waitFor(() => expect(erased).toEqual([{ email: 'ann@example.com' }]));
    expect(alert).toHaveBeenCalledWith(
      "The customer's account was erased. 3 orders were kept without their personal details.",
    );
    expect(await screen.findByRole('status')).toHaveTextContent("ann@example.com's account was erased.");
    expect(screen.queryByRole('region', { name: 'Ann Lee' })).not.toBeInTheDocument();
    expect(field).toHaveValue('');
  });

  it('says when no account has the email, and keeps what was typed', async () => {
    server.use(
      mockRoute(routes.findCustomer, () => ({
        status: 404,
        body: { success: false, error: 'No customer account has this email' },
      })),
    );
    const { user, field } = renderSection();
    await user.type(field, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No customer account has this email');
    expect(field).toHaveValue('nobody@example.com');
    expect(screen.queryByRole('button', { name: "Erase this customer's data…" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an email beside the field, and disables Find while it asks", async () => {
    let answer: (() => void) | undefined;
    server.use(
      mockRoute(routes.findCustomer, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return { status: 400, body: { success: false, error: 'Email is too long' } };
      }),
    );
    const { user, field } = renderSection();
    await user.type(field, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByRole('button', { name: 'Finding…' })).toBeDisabled();
    answer?.();
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Email is too long'));
    expect(field).toHaveFocus();
  });

  it('a new search forgets the account found before', async () => {
    const answers = [
      { success: true as const, customer: ANN },
      { status: 404, body: { success: false as const, error: 'No customer account has this email' } },
    ];
    server.use(mockRoute(routes.findCustomer, () => answers.shift()!));
    const { user, field } = renderSection();
    await user.type(field, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByRole('region', { name: 'Ann Lee' })).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No customer account has this email');
    expect(screen.queryByRole('region', { name: 'Ann Lee' })).not.toBeInTheDocument();
  });
});
