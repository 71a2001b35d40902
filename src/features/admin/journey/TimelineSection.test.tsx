import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { dateInWords } from '@/lib/dateWords';

import { TimelineSection } from './TimelineSection';

const recorded = (at: string) => new Date(at).toLocaleString();

describe('View Order: the timeline with who acted', () => {
  it('lists each step with when it was recorded (or its own day) and who acted, oldest first', () => {
    render(
      <TimelineSection
        steps={[
          { kind: 'placed', at: '2026-03-01T09:00:00.000Z', day: '2026-03-01', words: 'Placed', by: 'the customer' },
          {
            kind: 'rejected',
            at: '2026-03-02T09:00:00.000Z',
            day: '2026-03-02',
            words: 'Moved to rejected: Out of stock',
            by: 'boss@example.com',
          },
          {
            kind: 'approved',
            at: '2026-03-03T09:00:00.000Z',
            day: '2026-03-03',
            words: 'Gift approved',
            by: 'automatically',
          },
          {
            kind: 'shipped',
            at: '2026-03-05T09:00:00.000Z',
            day: '2026-03-04',
            words: 'Shipped with UPS (1Z)',
            by: 'boss@example.com',
          },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Placed${recorded('2026-03-01T09:00:00.000Z')} · by the customer`,
      `Moved to rejected: Out of stock${recorded('2026-03-02T09:00:00.000Z')} · by boss@example.com`,
      `Gift approved${recorded('2026-03-03T09:00:00.000Z')} · automatically`,
      // A shipment (or a delivery) shows its own day, which staff gave.
      `Shipped with UPS (1Z)${dateInWords('2026-03-04')} · by boss@example.com`,
    ]);
  });
});

describe('View Order: an order with no steps', () => {
  it('says so rather than showing an empty list', () => {
    render(<TimelineSection steps={[]} />);
    expect(screen.getByText('Nothing has happened to this order yet.')).toBeVisible();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
