import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/test/render';

import { GetStartedButton } from './GetStartedButton';

describe('GetStartedButton', () => {
  it('goes to sign-up when no customer token is stored', async () => {
    const { user } = renderRoute(<GetStartedButton />, { path: '/' });
    const link = screen.getByRole('link', { name: 'Get Started' });
    expect(link).toHaveAttribute('href', '/signup');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/signup');
  });

  it('goes to the orders screen when a customer token is stored', async () => {
    localStorage.setItem('authtoken', 'a-customer-token');
    const { user } = renderRoute(<GetStartedButton>Get Started Today</GetStartedButton>, { path: '/about' });
    const link = screen.getByRole('link', { name: 'Get Started Today' });
    expect(link).toHaveAttribute('href', '/orders');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/orders');
  });

  it('ignores an admin token: only a customer token leads to /orders', () => {
    localStorage.setItem('authtoken_admin', 'an-admin-token');
    renderRoute(<GetStartedButton />, { path: '/' });
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  });
});
