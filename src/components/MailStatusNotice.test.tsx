import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mailStatus as status } from '@/test/mailStatus';
import { mockRoute } from '@/test/mockRoute';
import { server } from '@/test/server';

import { MailStatusNotice } from './MailStatusNotice';

describe('MailStatusNotice', () => {
  it('says the address is not verified, and sends the link again once, the button disabled meanwhile', async () => {
    let resends = 0;
    server.use(
      mockRoute(routes.getMailStatus, () => status({ verified: false })),
      mockRoute(routes.resendVerification, async () => {
        resends++;
        await new Promise((r) => setTimeout(r, 50));
        return { success: true };
      }),
    );
    const user = userEvent.setup();
    render(<MailStatusNotice />);
    const notice = await screen.findByRole('region', { name: 'Verification needed' });
    expect(notice).toHaveTextContent('Your email address ann@example.com is not verified yet.');
    const button = screen.getByRole('button', { name: 'Send the link again' });
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new link to ann@example.com.');
    expect(resends).toBe(1);
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it("shows a refused resend's reason (too many attempts)", async () => {
    const refusal = 'Too many attempts. Please wait 3600 seconds and try again.';
    server.use(
      mockRoute(routes.getMailStatus, () => status({ verified: false })),
      mockRoute(routes.resendVerification, () => ({ status: 429, body: { success: false, error: refusal } })),
    );
    const user = userEvent.setup();
    render(<MailStatusNotice />);
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('says how many emails the daily limit held back today', async () => {
    server.use(mockRoute(routes.getMailStatus, () => status({ heldToday: 3, dailyLimit: 20 })));
    render(<MailStatusNotice />);
    expect(
      await screen.findByText(
        '3 emails were not sent today because your account reached its daily limit of 20 reminder and order emails.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verification needed' })).not.toBeInTheDocument();
  });

  it('shows nothing for a verified address with nothing held back', async () => {
    let asked = false;
    server.use(
      mockRoute(routes.getMailStatus, () => {
        asked = true;
        return status();
      }),
    );
    const { container } = render(<MailStatusNotice />);
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(true);
    expect(container.textContent).toBe('');
  });
});
