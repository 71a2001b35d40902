import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { EditOrderDialog } from '@/features/orders/EditOrderDialog';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import { orderFixture } from '../../../tests/support/fixtures';
import { AddOrderDialog } from './AddOrderDialog';

/** The customer's today as the server answers it (their time zone), and the days each option needs. */
const TODAY = '2026-11-26';
const leadTimes = () =>
  server.use(
    mockRoute(routes.getLeadTimes, () => ({
      success: true,
      today: TODAY,
      leadDays: { None: 7, Flowers: 2, Chocolate: 3, Cake: 3, Giftcard: 1 },
    })),
  );

const dateInput = (dialog: HTMLElement) => within(dialog).getByLabelText(/^Date/);

describe('the order form and the earliest delivery date', () => {
  it("offers no day before the chosen option's earliest, says why, and follows the option", async () => {
    leadTimes();
    const { user } = renderRoute(<AddOrderDialog show onClose={() => undefined} onOrdered={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    // A curated gift (None) is the default option.
    await waitFor(() => expect(dateInput(dialog)).toHaveAttribute('min', '2026-12-03'));
    expect(dateInput(dialog)).toHaveAccessibleDescription(
      'A curated gift needs 7 days: the earliest delivery is Thursday, December 3.',
    );

    await user.selectOptions(within(dialog).getByLabelText(/Default Option/), 'Flowers');
    expect(dateInput(dialog)).toHaveAttribute('min', '2026-11-28');
    expect(dateInput(dialog)).toHaveAccessibleDescription(
      'Flowers need 2 days: the earliest delivery is Saturday, November 28.',
    );
    expect(dateInput(dialog)).not.toHaveAttribute('aria-invalid');
  });

  it('marks a day too soon as invalid and says so, until the day or the option fits', async () => {
    leadTimes();
    const { user } = renderRoute(<AddOrderDialog show onClose={() => undefined} onOrdered={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    await waitFor(() => expect(dateInput(dialog)).toHaveAttribute('min', '2026-12-03'));
    await user.type(dateInput(dialog), '2026-11-27');
    expect(dateInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(dateInput(dialog)).toHaveAccessibleDescription(
      'Friday, November 27 is too soon. A curated gift needs 7 days: the earliest delivery is Thursday, December 3.',
    );
    expect(within(dialog).getByText(/is too soon/)).toBeVisible();

    await user.selectOptions(within(dialog).getByLabelText(/Default Option/), 'Giftcard');
    expect(dateInput(dialog)).not.toHaveAttribute('aria-invalid');
    expect(dateInput(dialog)).toHaveAccessibleDescription(
      'A gift card needs 1 day: the earliest delivery is Friday, November 27.',
    );
  });

  it('lets an edited order keep its date and option however soon, and applies the rule once either changes', async () => {
    leadTimes();
    const order = orderFixture({ date: '2026-11-27', defaultOption: 'Flowers' });
    const { user } = renderRoute(<EditOrderDialog order={order} onClose={() => undefined} refresh={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'EDIT ORDER' });
    // Wait for the lead times by the rule they bring once the option changes.
    await user.selectOptions(within(dialog).getByLabelText(/Default Option/), 'Cake');
    await waitFor(() => expect(dateInput(dialog)).toHaveAttribute('aria-invalid', 'true'));
    expect(dateInput(dialog)).toHaveAttribute('min', '2026-11-29');
    expect(dateInput(dialog)).toHaveAccessibleDescription(
      'Friday, November 27 is too soon. A cake needs 3 days: the earliest delivery is Sunday, November 29.',
    );

    await user.selectOptions(within(dialog).getByLabelText(/Default Option/), 'Flowers');
    expect(dateInput(dialog)).not.toHaveAttribute('min');
    expect(dateInput(dialog)).not.toHaveAttribute('aria-invalid');
    expect(dateInput(dialog)).not.toHaveAccessibleDescription();
  });

  it('offers days from today when the lead times cannot be read (the server still checks)', async () => {
    server.use(
      mockRoute(routes.getLeadTimes, () => ({ status: 500, body: { success: false, error: 'Something went wrong' } })),
    );
    renderRoute(<AddOrderDialog show onClose={() => undefined} onOrdered={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Order' });
    const local = new Date();
    const today = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(dateInput(dialog)).toHaveAttribute('min', today);
    expect(dateInput(dialog)).not.toHaveAccessibleDescription();
  });
});
