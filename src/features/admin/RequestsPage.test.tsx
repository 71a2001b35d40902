import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import RequestsPage, { HydrateFallback, loader } from './RequestsPage';

type Note = { _id: string; type: string; name: string; email: string; details: string };

function notesHandler(byType: Record<string, Note[]>, asked: string[] = [], tokens: (string | null)[] = []) {
  return http.post('/api/admin/getNotes', async ({ request }) => {
    const { type } = (await request.json()) as { type: string };
    asked.push(type);
    tokens.push(request.headers.get('auth-token'));
    return HttpResponse.json({ success: true, data: byType[type] ?? [] });
  });
}

const renderPage = (search = '') =>
  renderRoutes([{ path: '/requests', Component: RequestsPage, loader, HydrateFallback }], `/requests${search}`);

describe('RequestsPage (/requests)', () => {
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
    expect(screen.getByRole('tab', { name: 'Hiring' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No Hiring Requests yet')).toBeInTheDocument();
    expect(asked).toEqual(['Hiring']);
    expect(tokens).toEqual(['admin-token']);
    expect(document.title).toBe('Requests | Giftwise');
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
    if (tab !== 'Hiring') await user.click(screen.getByRole('tab', { name: tab }));
    expect(await screen.findByText(`No ${type} Requests yet`)).toBeInTheDocument();
    expect(asked.at(-1)).toBe(type);
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
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
          },
          { _id: '2', type: 'Brand Partner', name: '', email: '', details: '' },
        ],
      }),
    );
    renderPage('?type=Brand%20Partner');
    expect(await screen.findByRole('heading', { name: 'Brand Partner Requests' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Brand Partner Requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const facts = (card: HTMLElement) =>
      Array.from(card.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts(cards[0])).toEqual([
      ['Email', 'partners@acme.example'],
      ['Name', 'Acme Chocolates'],
      ['Details', 'We make chocolate.'],
    ]);
    expect(facts(cards[1])).toEqual([
      ['Email', 'N/A'],
      ['Name', 'N/A'],
      ['Details', 'N/A'],
    ]);
  });

  it('keeps the tab in the address, so a reload shows the same tab', async () => {
    server.use(notesHandler({}));
    const { user } = renderPage();
    await screen.findByText('No Hiring Requests yet');
    await user.click(screen.getByRole('tab', { name: 'Support' }));
    // The address changes once the tab's loader has brought its enquiries.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/requests?type=Support'));
  });

  it('alerts "Failed to fetch orders" when the server refuses', async () => {
    server.use(
      http.post('/api/admin/getNotes', () =>
        HttpResponse.json({ success: false, error: 'Please sign in as an admin again' }, { status: 401 }),
      ),
    );
    const alert = spyOnAlert();
    renderPage();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to fetch orders'));
    expect(await screen.findByText('Please sign in as an admin again')).toBeInTheDocument();
  });

  it('alerts "Error fetching orders" on a network error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/api/admin/getNotes', () => HttpResponse.error()));
    const alert = spyOnAlert();
    renderPage();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Error fetching orders'));
  });
});
