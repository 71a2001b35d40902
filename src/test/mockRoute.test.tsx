import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { call } from '@/api/client';

import { checkMockedAnswers, mockRoute } from './mockRoute';
import { server } from './server';

// A .tsx file, so that it runs where the mocks do (jsdom, with set-up's MSW server).
describe('mockRoute', () => {
  it('answers with the status the table gives the call: its success, or 400 for a refusal', async () => {
    server.use(mockRoute(routes.addEnquiry, ({ body }) => ({ success: true, _id: `id-of-${body.Pname}` })));
    const sent = { type: 'Support', Pname: 'Ann', Pemail: 'ann@example.com', details: 'Hi' } as const;
    await expect(call(routes.addEnquiry, { body: sent })).resolves.toEqual({ success: true, _id: 'id-of-Ann' });
    server.use(
      mockRoute(routes.addEnquiry, () => ({ success: false, error: 'Details must be at most 5000 characters' })),
    );
    const refused = await fetch('/api/auth/putNote', { method: 'POST', body: '{}' });
    expect(refused.status).toBe(400);
    expect(() => checkMockedAnswers()).not.toThrow();
  });

  it('fails the test when a mock answers what the table does not describe', async () => {
    server.use(
      // A success without the _id the server always sends, which only a test's own mistake could write.
      mockRoute(routes.addEnquiry, () => JSON.parse('{"success":true}')),
      mockRoute(routes.checkAuth, () => ({ status: 201, body: { success: true } })),
    );
    await fetch('/api/auth/putNote', { method: 'POST', body: '{}' });
    await fetch('/api/auth/check');
    expect(() => checkMockedAnswers()).toThrow(
      /addEnquiry 201 is not an answer of the table[^\n]*\ncheckAuth cannot answer 201 with a body/,
    );
  });
});
