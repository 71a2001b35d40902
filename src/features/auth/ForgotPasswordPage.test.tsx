import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import ForgotPasswordPage from './ForgotPasswordPage';

const renderForgot = () => renderRoute(<ForgotPasswordPage />, { path: '/forgotpass' });

async function submit(user: ReturnType<typeof renderForgot>['user'], email = 'ann@example.com') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('Forgot password', () => {
  it('has an email field of type email and a Submit button', () => {
    renderForgot();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
    expect(document.title).toBe('Forgot password | Giftwise');
  });

  it('posts the email and alerts that the link is on its way', async () => {
    let sent: unknown;
    server.use(
      mockRoute(routes.forgotPassword, async ({ request }) => {
        sent = await request.json();
        return { success: true };
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderForgot();
    await submit(user);
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for ann@example.com');
    expect(sent).toEqual({ email: 'ann@example.com' });
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Email sent to your mail to reset password,Link Expires in 15 minutes');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("alerts 'Enter valid details' and shows the server's reason on failure", async () => {
    server.use(
      mockRoute(routes.forgotPassword, () => ({
        status: 429,
        body: { success: false, error: 'Too many attempts. Please wait 60 seconds and try again.' },
      })),
    );
    const alert = spyOnAlert();
    const { user } = renderForgot();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait 60 seconds and try again.',
    );
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Enter valid details');
  });

  it('writes a network failure in the error line', async () => {
    server.use(mockRoute(routes.forgotPassword, () => HttpResponse.error()));
    const alert = spyOnAlert();
    const { user } = renderForgot();
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
    expect(alert).not.toHaveBeenCalled();
  });

  it('disables Submit while sending', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mockRoute(routes.forgotPassword, async () => {
        await gate;
        return { success: true };
      }),
    );
    spyOnAlert();
    const { user } = renderForgot();
    await submit(user);
    expect(await screen.findByRole('button', { name: /Sending/ })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
