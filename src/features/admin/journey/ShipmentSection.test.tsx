import { screen, waitFor, within } from '@testing-library/react';
import { delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import type { AdminOrderDetails } from '#contract/admin';
import * as routes from '#contract/routes';
import { dateInWords } from '@/lib/dateWords';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import { orderFixture } from '../../../../tests/support/fixtures';
import { ShipmentSection } from './ShipmentSection';

/** View Order's shipment: recording it on a processed order, correcting it, and what staff see afterwards. */

const ID = '00000000-0000-4000-8000-0000000000bb';
const SHIPMENT = {
  carrier: 'Parcelly',
  trackingNumber: 'PX-1001',
  trackingUrl: 'https://track.parcelly.example/PX-1001',
  shippedOn: '2026-11-20',
};
const order = (over: Partial<AdminOrderDetails>): AdminOrderDetails => ({
  ...orderFixture({ _id: ID, status: 'processed' }),
  statusHistory: [],
  ...over,
});

describe('ShipmentSection', () => {
  it('records the shipment of a processed order: labelled fields, disabled while sending, then reloads', async () => {
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.recordShipment, async ({ body, params }) => {
        sent.push({ id: params.id, body });
        await delay(50);
        const { replacing: _, ...shipment } = body;
        return { success: true, shipment } as const;
      }),
    );
    const alert = spyOnAlert();
    const onRecorded = vi.fn();
    const { user } = renderRoute(<ShipmentSection order={order({})} onRecorded={onRecorded} />);
    const form = screen.getByRole('form', { name: 'Record the shipment' });
    await user.type(within(form).getByLabelText('Carrier'), ' Parcelly ');
    await user.type(within(form).getByLabelText('Tracking number'), 'PX-1001');
    await user.type(within(form).getByLabelText('Tracking address'), 'http://track.example/1');
    expect(within(form).getByText(/Enter an https address/)).toBeVisible();
    await user.clear(within(form).getByLabelText('Tracking address'));
    await user.type(within(form).getByLabelText('Tracking address'), SHIPMENT.trackingUrl);
    const day = within(form).getByLabelText('Shipped on');
    await user.clear(day);
    await user.type(day, SHIPMENT.shippedOn);
    await user.click(within(form).getByRole('button', { name: 'Record shipment' }));
    expect(within(form).getByLabelText('Carrier')).toBeDisabled();

    await waitFor(() => expect(onRecorded).toHaveBeenCalled());
    expect(sent).toEqual([{ id: ID, body: { ...SHIPMENT, replacing: null } }]);
    expect(alert).toHaveBeenCalledWith('The shipment was recorded.');
  });

  it('shows what was recorded and corrects it with the number it replaces; shows a refusal as it came', async () => {
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.recordShipment, ({ body }) => {
        sent.push(body);
        return {
          status: 409,
          body: { success: false, error: 'Someone else recorded the shipment of this order meanwhile.' },
        };
      }),
    );
    const { user } = renderRoute(<ShipmentSection order={order({ shipment: SHIPMENT })} onRecorded={() => {}} />);
    const link = screen.getByRole('link', { name: SHIPMENT.trackingUrl });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText(dateInWords('2026-11-20'))).toHaveAttribute('datetime', '2026-11-20');

    await user.click(screen.getByRole('button', { name: 'Correct shipment' }));
    const number = screen.getByLabelText('Tracking number');
    expect(number).toHaveValue('PX-1001');
    await user.clear(number);
    await user.type(number, 'PX-2002');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('Someone else recorded the shipment');
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(sent).toEqual([{ ...SHIPMENT, trackingNumber: 'PX-2002', replacing: 'PX-1001' }]);
  });

  it('on a finished order shows the shipment, the delivery and how it went, with no form', () => {
    renderRoute(
      <ShipmentSection
        order={order({
          status: 'finished',
          shipment: { ...SHIPMENT, trackingUrl: 'javascript:alert(1)' },
          delivery: { deliveredOn: '2026-11-22', note: 'Left with the concierge' },
          feedback: { rating: 'loved', note: 'She kept the vase', at: '2026-11-23T10:00:00.000Z' },
        })}
        onRecorded={() => {}}
      />,
    );
    const section = screen.getByRole('region', { name: 'Shipment and delivery' });
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).queryByRole('form')).toBeNull();
    expect(section).toHaveTextContent(`Delivered on${dateInWords('2026-11-22')}`);
    expect(section).toHaveTextContent('Left with the concierge');
    expect(section).toHaveTextContent('How it wentLoved it“She kept the vase”');
  });

  it('is not shown on a new order', () => {
    renderRoute(<ShipmentSection order={order({ status: 'new' })} onRecorded={() => {}} />);
    expect(screen.queryByRole('region', { name: 'Shipment and delivery' })).toBeNull();
  });
});
