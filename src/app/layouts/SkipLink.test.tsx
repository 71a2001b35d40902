import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '@/test/render';

import { BareLayout } from './BareLayout';
import { RootLayout } from './RootLayout';
import { SiteLayout } from './SiteLayout';

function Page() {
  return <button type="button">A button on the page</button>;
}

/** The app's root layout around a layout and a stub page at `/`. */
const renderIn = (Layout: () => React.ReactElement) =>
  renderRoutes([
    { element: <RootLayout />, children: [{ element: <Layout />, children: [{ path: '/', element: <Page /> }] }] },
  ]);

describe('the skip link', () => {
  it.each([
    ['the customer and public layout', SiteLayout],
    ['the admin sign-in layout', BareLayout],
  ])('is the first Tab stop in %s and moves focus to the main content', async (_name, Layout) => {
    const { user } = renderIn(Layout);
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');

    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toHaveAttribute('tabindex', '-1');
    // The next Tab goes on from the main content, past the header.
    await user.tab();
    expect(screen.getByRole('button', { name: 'A button on the page' })).toHaveFocus();
  });
});
