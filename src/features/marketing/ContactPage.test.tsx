import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import * as routes from '#contract/routes';
import { mockRoute } from '@/test/mockRoute';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

import ContactPage from './ContactPage';

// EmailJS is unconfigured unless a test fills in the ids; its client is mocked (no real network).
const ids = vi.hoisted(() => ({ serviceId: '', templateId: '', publicKey: '' }));
vi.mock('@/config', () => ({ config: { apiUrl: '', emailjs: ids } }));
const emailjs = vi.hoisted(() => ({
  init: vi.fn(),
  send: vi.fn(),
  EmailJSResponseStatus: class {
    constructor(
      public status = 0,
      public text = 'Network Error',
    ) {}
  },
}));
vi.mock('@emailjs/browser', () => emailjs);

const SUCCESS = "Thank you! Your message has been sent successfully. We'll get back to you soon.";
const FAILURE = 'Oops! Something went wrong. Please try again or email us directly at hello@giftwise.com';

beforeEach(() => {
  Object.assign(ids, { serviceId: '', templateId: '', publicKey: '' });
  emailjs.send.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

async function fillAndSend(user: ReturnType<typeof renderRoute>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Message'), 'Can you deliver to Canada?');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

function expectCleared() {
  expect(screen.getByLabelText('Name')).toHaveValue('');
  expect(screen.getByLabelText('Email')).toHaveValue('');
  expect(screen.getByLabelText('Message')).toHaveValue('');
}

describe('Contact page', () => {
  it('shows the contact details: email link, WhatsApp, social links and the reply note', () => {
    renderRoute(<ContactPage />, { path: '/contact' });
    expect(screen.getByRole('link', { name: 'hello@giftwise.com' })).toHaveAttribute(
      'href',
      'mailto:hello@giftwise.com',
    );
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
    for (const name of ['Instagram', 'Facebook', 'LinkedIn', 'X']) {
      expect(screen.getByRole('link', { name: `Giftwise on ${name} (opens in a new tab)` })).toBeInTheDocument();
    }
    expect(screen.getByText(/within 24 hours on business days/)).toBeInTheDocument();
    expect(document.title).toBe('Contact | Giftwise');
  });

  it('requires name, email and message, and the email must be an email', () => {
    renderRoute(<ContactPage />, { path: '/contact' });
    expect(screen.getByLabelText('Name')).toBeRequired();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Message')).toBeRequired();
  });

  it('reads "Sending..." and is disabled while sending, then shows the success text and clears the fields', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent: unknown;
    server.use(
      mockRoute(routes.addEnquiry, async ({ request }) => {
        sent = await request.json();
        await held;
        return { status: 201, body: { success: true, _id: 'n1' } };
      }),
    );
    const { user } = renderRoute(<ContactPage />, { path: '/contact' });
    await fillAndSend(user);

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    release();

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expectCleared();
    // Stored as a Contact Us enquiry, so staff see it under /requests.
    expect(sent).toEqual({
      type: 'Contact Us',
      Pname: 'Grace Hopper',
      Pemail: 'grace@example.com',
      details: 'Can you deliver to Canada?',
    });
    expect(emailjs.send).not.toHaveBeenCalled();
  });

  it('shows the failure text with our email when the server refuses, and still clears the fields', async () => {
    server.use(
      mockRoute(routes.addEnquiry, () => ({
        status: 429,
        body: { success: false, error: 'Too many attempts. Please wait 42 seconds and try again.' },
      })),
    );
    const { user } = renderRoute(<ContactPage />, { path: '/contact' });
    await fillAndSend(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FAILURE);
    expect(alert).toHaveTextContent('Too many attempts. Please wait 42 seconds and try again.');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expectCleared();
  });

  it('shows the failure text when the network fails', async () => {
    server.use(mockRoute(routes.addEnquiry, () => HttpResponse.error()));
    const { user } = renderRoute(<ContactPage />, { path: '/contact' });
    await fillAndSend(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE);
    expectCleared();
  });

  it('with EmailJS configured, sends from_name, from_email and message; a refusal shows its error text', async () => {
    Object.assign(ids, { serviceId: 'svc', templateId: 'tpl', publicKey: 'pk' });
    emailjs.send.mockRejectedValue(new emailjs.EmailJSResponseStatus(429, 'Too Many Requests'));
    server.use(mockRoute(routes.addEnquiry, () => HttpResponse.error()));
    const { user } = renderRoute(<ContactPage />, { path: '/contact' });
    await fillAndSend(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FAILURE);
    expect(alert).toHaveTextContent('Too Many Requests');
    expect(emailjs.send).toHaveBeenCalledWith(
      'svc',
      'tpl',
      { from_name: 'Grace Hopper', from_email: 'grace@example.com', message: 'Can you deliver to Canada?' },
      expect.anything(),
    );
  });

  it('counts as sent when EmailJS delivered it even though the server could not store it', async () => {
    Object.assign(ids, { serviceId: 'svc', templateId: 'tpl', publicKey: 'pk' });
    emailjs.send.mockResolvedValue(new emailjs.EmailJSResponseStatus(200, 'OK'));
    server.use(mockRoute(routes.addEnquiry, () => ({ status: 503, body: { success: false, error: 'Busy' } })));
    const { user } = renderRoute(<ContactPage />, { path: '/contact' });
    await fillAndSend(user);
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expectCleared();
  });

  it('counts as failed when the server stored nothing and EmailJS headless-blocked it', async () => {
    Object.assign(ids, { serviceId: 'svc', templateId: 'tpl', publicKey: 'pk' });
    emailjs.send.mockRejectedValue(new emailjs.EmailJSResponseStatus(451, 'Unavailable For Headless Browser'));
    server.use(mockRoute(routes.addEnquiry, () => ({ status: 503, body: { success: false, error: 'Busy' } })));
    const { user } = renderRoute(<ContactPage />, { path: '/contact' });
    await fillAndSend(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(FAILURE);
    expect(alert).toHaveTextContent('Unavailable For Headless Browser');
  });
});
