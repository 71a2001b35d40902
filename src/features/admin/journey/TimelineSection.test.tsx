import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { dateInWords } from '@/lib/dateWords';

import { TimelineSection } from './TimelineSection';

describe('View Order: the timeline with who acted', () => {
  it('lists each step with its day and who acted, oldest first', () => {
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
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Timeline' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Placed${dateInWords('2026-03-01')} · by the customer`,
      `Moved to rejected: Out of stock${dateInWords('2026-03-02')} · by boss@example.com`,
      `Gift approved${dateInWords('2026-03-03')} · automatically`,
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
