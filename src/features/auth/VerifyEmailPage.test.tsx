import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import VerifyEmailPage from './VerifyEmailPage';

const LINK_INVALID =
  'This verification link has expired or has already been used. Ask for a new one from your profile.';

const renderPage = () =>
  renderRoute(<VerifyEmailPage />, { path: '/verify-email/tok-abc', routePath: '/verify-email/:token' });

describe('Confirm your email address (/verify-email/:token)', () => {
  it('verifies nothing on opening; the button posts the token in the body and says it is done', async () => {
    const sent: unknown[] = [];
    server.use(
      mockRoute(routes.verifyEmail, async ({ request }) => {
        sent.push(await request.json());
        return { success: true };
      }),
    );
    const { user } = renderPage();
    expect(document.title).toBe('Confirm your email address | Giftwise');
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByRole('heading', { name: 'Email address confirmed' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'tok-abc' }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });

  it("shows the server's reason for a used or expired link, with the way to a new one", async () => {
    server.use(mockRoute(routes.verifyEmail, () => ({ status: 400, body: { success: false, error: LINK_INVALID } })));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByText(LINK_INVALID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
  });
});
