import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '@/test/render';

import AboutPage from './AboutPage';
import HomePage from './HomePage';
import HowItWorksPage from './HowItWorksPage';

describe('Home', () => {
  it('has the hero, three steps, the benefits and two testimonials', () => {
    renderRoute(<HomePage />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const steps = screen.getByRole('heading', { name: 'Thoughtful gifting in three simple steps' }).closest('section')!;
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('heading', { name: 'Unlimited loved ones' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Free to start' })).toBeInTheDocument();
    expect(screen.getByText(/stored securely and privately/)).toBeInTheDocument();
    expect(screen.getAllByRole('figure')).toHaveLength(2);
    expect(document.title).toBe('Thoughtful gifts, delivered on time | Giftwise');
  });

  it('Get Started goes to /signup without a token; the second button goes to /how-it-works', async () => {
    const { user } = renderRoute(<HomePage />);
    for (const link of screen.getAllByRole('link', { name: 'Get Started' }))
      expect(link).toHaveAttribute('href', '/signup');
    await user.click(screen.getByRole('link', { name: 'See How It Works' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/how-it-works');
  });

  it('Get Started goes to /orders with a stored customer token', () => {
    localStorage.setItem('authtoken', 'token');
    renderRoute(<HomePage />);
    for (const link of screen.getAllByRole('link', { name: 'Get Started' }))
      expect(link).toHaveAttribute('href', '/orders');
  });
});

describe('How It Works', () => {
  it('has the four-step explainer, the five-stage flow and Get Started', () => {
    localStorage.setItem('authtoken', 'token');
    renderRoute(<HowItWorksPage />, { path: '/how-it-works' });
    for (const step of [
      'Add your circle',
      'We store and track every date',
      'We curate, pack and deliver',
      'You take the credit',
    ]) {
      expect(screen.getByRole('heading', { name: step })).toBeInTheDocument();
    }
    const flow = screen.getByRole('heading', { name: 'Five stages, zero stress' }).closest('section')!;
    expect(
      within(flow)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Add people', 'Track', 'Curate', 'Deliver', 'Smile']);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/orders');
    expect(document.title).toBe('How It Works | Giftwise');
  });
});

describe('About', () => {
  it('has the story, the mission, the four values and Get Started Today', () => {
    renderRoute(<AboutPage />, { path: '/about' });
    expect(screen.getByText('To make thoughtfulness effortless - one gift at a time')).toBeInTheDocument();
    for (const value of ['Thoughtfulness', 'Time is precious', 'Relationships first', 'Quality over quantity']) {
      expect(screen.getByRole('heading', { name: value })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Get Started Today' })).toHaveAttribute('href', '/signup');
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /thoughtfulness effortless/,
    );
  });
});
