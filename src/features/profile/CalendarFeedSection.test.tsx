import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { server } from '@/test/server';

import { CalendarFeedSection } from './CalendarFeedSection';

const FEED = 'https://giftwise.example/api/calendar/Ab-9_token.ics';

describe('Calendar feed: one-tap subscribe', () => {
  it('offers webcal:// and Google Calendar beside Copy for the address just made, and never without it', async () => {
    server.use(mockRoute(routes.rotateCalendarUrl, () => ({ success: true, url: FEED })));
    const user = userEvent.setup();
    render(<CalendarFeedSection initialActive={false} />);
    expect(screen.queryByRole('link', { name: 'Subscribe in my calendar app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to Google Calendar' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make my feed address' }));
    const app = await screen.findByRole('link', { name: 'Subscribe in my calendar app' });
    expect(app).toHaveAttribute('href', 'webcal://giftwise.example/api/calendar/Ab-9_token.ics');
    const google = screen.getByRole('link', { name: 'Add to Google Calendar' });
    expect(google).toHaveAttribute(
      'href',
      'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fgiftwise.example%2Fapi%2Fcalendar%2FAb-9_token.ics',
    );
    // A new tab that is not told which page sent it.
    expect(google).toHaveAttribute('target', '_blank');
    expect(google).toHaveAttribute('rel', 'noopener noreferrer');
    expect(new URL(google.getAttribute('href')!).searchParams.get('cid')).toBe(app.getAttribute('href'));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('makes webcal:// of an http:// address too (a server without TLS)', async () => {
    server.use(
      mockRoute(routes.rotateCalendarUrl, () => ({ success: true, url: 'http://localhost:3000/api/calendar/t.ics' })),
    );
    const user = userEvent.setup();
    render(<CalendarFeedSection initialActive={false} />);
    await user.click(screen.getByRole('button', { name: 'Make my feed address' }));
    expect(await screen.findByRole('link', { name: 'Subscribe in my calendar app' })).toHaveAttribute(
      'href',
      'webcal://localhost:3000/api/calendar/t.ics',
    );
  });

  it('shows no links for a feed made before (its address is not known any more)', () => {
    render(<CalendarFeedSection initialActive={true} />);
    expect(screen.getByText(/Your calendar feed is active/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Subscribe in my calendar app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to Google Calendar' })).not.toBeInTheDocument();
  });
});
