import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { Enquiry, EnquiryCounts, EnquiryType } from '#contract/enquiries';
import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoutes, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import EnquiriesPage, { HydrateFallback, loader } from './EnquiriesPage';

const COUNTS = { Hiring: 0, 'Brand Partner': 2, Support: 0, 'Contact Us': 0 };
const countsHandler = (counts: EnquiryCounts = COUNTS) =>
  mockRoute(routes.getEnquiryCounts, () => ({ success: true, counts }));
// Every load of the page also asks for each tab's count.
beforeEach(() => server.use(countsHandler()));

/** A tab by its label, whatever count it shows beside it ("Support 12"). */
const tabNamed = (label: string) => new RegExp(`^${label}( [\\d,]+)?$`);

function notesHandler(
  byType: Partial<Record<EnquiryType, Enquiry[]>>,
  asked: string[] = [],
  tokens: (string | null)[] = [],
) {
  return mockRoute(routes.getEnquiries, ({ request, body: { type } }) => {
    asked.push(type);
    tokens.push(request.headers.get('auth-token'));
    return { success: true, data: byType[type] ?? [], nextCursor: null };
  });
}

const renderPage = (search = '') =>
  renderRoutes([{ path: '/requests', Component: EnquiriesPage, loader, HydrateFallback }], `/requests${search}`);

describe('EnquiriesPage (/requests)', () => {
  it('has the tabs Hiring, Contact Us, Support and Brand Partners, and opens on Hiring', async () => {
    const asked: string[] = [];
    const tokens: (string | null)[] = [];
    server.use(notesHandler({}, asked, tokens));
    localStorage.setItem('authtoken_admin', 'admin-token');
    renderPage();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Hiring',
      'Contact Us',
      'Support',
      'Brand Partners',
    ]);
    expect(screen.getByRole('tab', { name: tabNamed('Hiring') })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No Hiring Requests yet')).toBeInTheDocument();
    expect(asked).toEqual(['Hiring']);
    expect(tokens).toEqual(['admin-token']);
    expect(document.title).toBe('Requests | Giftwise');
    // Above the tabs: finding a customer's account for a request about their data.
    expect(screen.getByRole('search', { name: "Find a customer's account" })).toBeInTheDocument();
  });

  it.each([
    ['Hiring', 'Hiring'],
    ['Contact Us', 'Contact Us'],
    ['Support', 'Support'],
    ['Brand Partners', 'Brand Partner'],
  ])('the %s tab asks for type %j and says when it is empty', async (tab, type) => {
    const asked: string[] = [];
    server.use(notesHandler({}, asked));
    const { user } = renderPage(tab === 'Hiring' ? '' : '?type=Hiring');
    await screen.findByText('No Hiring Requests yet');
    if (tab !== 'Hiring') await user.click(screen.getByRole('tab', { name: tabNamed(tab) }));
    expect(await screen.findByText(`No ${type} Requests yet`)).toBeInTheDocument();
    expect(asked.at(-1)).toBe(type);
    expect(screen.getByRole('tab', { name: tabNamed(tab) })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists enquiries under "{type} Requests" with email, name and details, each falling back to N/A', async () => {
    server.use(
      notesHandler({
        'Brand Partner': [
          {
            _id: '1',
            type: 'Brand Partner',
            name: 'Acme Chocolates',
            email: 'partners@acme.example',
            details: 'We make chocolate.',
            createdAt: '2026-11-24T15:30:00.000Z',
          },
          { _id: '2', type: 'Brand Partner', name: '', email: '', details: '', createdAt: '2026-11-23T08:05:00.000Z' },
        ],
      }),
    );
    renderPage('?type=Brand%20Partner');
    expect(await screen.findByRole('heading', { name: 'Brand Partner Requests' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Brand Partner Requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const facts = (card: HTMLElement) =>
      Array.from(card.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    const arrived = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect(facts(cards[0])).toEqual([
      ['Arrived', arrived('2026-11-24T15:30:00.000Z')],
      ['Email', 'partners@acme.example'],
      ['Name', 'Acme Chocolates'],
      ['Details', 'We make chocolate.'],
    ]);
    expect(facts(cards[1])).toEqual([
      ['Arrived', arrived('2026-11-23T08:05:00.000Z')],
      ['Email', 'N/A'],
      ['Name', 'N/A'],
      ['Details', 'N/A'],
    ]);
  });

  it('keeps the tab in the address, so a reload shows the same tab', async () => {
    server.use(notesHandler({}));
    const { user } = renderPage();
    await screen.findByText('No Hiring Requests yet');
    await user.click(screen.getByRole('tab', { name: tabNamed('Support') }));
    // The address changes once the tab's loader has brought its enquiries.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/requests?type=Support'));
  });

  it('alerts "Failed to fetch orders" when the server refuses', async () => {
    server.use(
      mockRoute(routes.getEnquiries, () => ({
        status: 401,
        body: { success: false, error: 'Please sign in as an admin again' },
      })),
    );
    const alert = spyOnAlert();
    renderPage();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to fetch orders'));
    expect(await screen.findByText('Please sign in as an admin again')).toBeInTheDocument();
  });

  it('alerts "Error fetching orders" on a network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(mockRoute(routes.getEnquiries, () => HttpResponse.error()));
    const alert = spyOnAlert();
    renderPage();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error fetching orders'));
  });

  it('shows each tab’s count, a Reply link for an enquiry with an email, and Load more for older ones', async () => {
    const note = (n: number): Enquiry => ({
      _id: `s${n}`,
      type: 'Support',
      name: `Asker ${n}`,
      email: n === 3 ? '' : `asker${n}@example.com`,
      details: `Question ${n}`,
      createdAt: new Date(Date.UTC(2026, 10, 24, 12 - n)).toISOString(),
    });
    const asked: unknown[] = [];
    server.use(
      countsHandler({ Hiring: 4, 'Brand Partner': 0, Support: 1234, 'Contact Us': 7 }),
      mockRoute(routes.getEnquiries, ({ body }) => {
        asked.push(body);
        return body.cursor === 'older'
          ? { success: true, data: [note(3)], nextCursor: null }
          : { success: true, data: [note(1), note(2)], nextCursor: 'older' };
      }),
    );
    const { user } = renderPage('?type=Support');
    const list = await screen.findByRole('list', { name: 'Support Requests' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Hiring 4',
      'Contact Us 7',
      'Support 1,234',
      'Brand Partners 0',
    ]);
    const reply = within(list).getByRole('link', { name: 'Reply to Asker 1' });
    expect(reply).toHaveAttribute('href', 'mailto:asker1%40example.com?subject=Re%3A%20your%20Support%20enquiry');
    expect(within(list).getAllByRole('listitem')[0].querySelector('time')).toHaveAttribute(
      'datetime',
      note(1).createdAt,
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByText('Question 3')).toBeInTheDocument();
    // No email, no Reply link.
    expect(within(list).queryByRole('link', { name: 'Reply to Asker 3' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked).toEqual([{ type: 'Support' }, { type: 'Support', cursor: 'older' }]);
  });
});

describe('the enquiries want a fresh code (decision 0044)', () => {
  it('a first page refused for want of a code asks for one in place, then shows the enquiries', async () => {
    let verified = false;
    server.use(
      mockRoute(routes.getEnquiries, () =>
        verified
          ? { success: true, data: [], nextCursor: null }
          : {
              status: 403,
              body: {
                success: false,
                error: 'Confirm it is you: enter a code from your authenticator app to do this',
                secondFactor: 'totp',
              },
            },
      ),
      mockRoute(routes.totpVerify, () => {
        verified = true;
        return { success: true };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderPage();
    const prompt = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(prompt).getByLabelText('Authentication code'), '246810');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('No Hiring Requests yet')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('the Reply link (issue 32)', () => {
  it('carries the address as one encoded part: an address stored with ?bcc= adds no recipient', async () => {
    server.use(
      mockRoute(routes.getEnquiries, () => ({
        success: true,
        data: [
          {
            _id: 'x1',
            type: 'Support' as const,
            name: 'Mallory',
            email: 'victim@x?bcc=attacker@evil.example&body=hi',
            details: 'Hello',
            createdAt: '2026-11-24T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      })),
    );
    renderPage('?type=Support');
    const reply = await screen.findByRole('link', { name: 'Reply to Mallory' });
    const href = reply.getAttribute('href') ?? '';
    expect(href).toBe(
      'mailto:victim%40x%3Fbcc%3Dattacker%40evil.example%26body%3Dhi?subject=Re%3A%20your%20Support%20enquiry',
    );
    expect(new URL(href).searchParams.get('bcc')).toBeNull();
  });
});
