import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/test/render';

import Footer from './Footer';

// The dialog's chunk cannot be loaded (offline, or removed by a deploy). loadChunk itself is
// tested in src/lib/chunks.test.ts; here it fails the way it does in the browser.
vi.mock('@/lib/chunks', async (importOriginal) => {
  const chunks = await importOriginal<typeof import('@/lib/chunks')>();
  return {
    ...chunks,
    loadChunk: () =>
      Promise.reject(
        new chunks.ChunkLoadError('EnquiryDialog', '(error: http://x.test/static/js/EnquiryDialog.Ab12Cd34.chunk.js)'),
      ),
  };
});

describe('Footer when the dialog code cannot load', () => {
  it('says "Loading chunk N failed" with its reason and a Retry, and the rest of the footer keeps working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoute(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Support' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Loading chunk EnquiryDialog failed');
    expect(alert).toHaveTextContent('(error: http://x.test/static/js/EnquiryDialog.Ab12Cd34.chunk.js)');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });
});
