import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { renderRoute, spyOnAlert } from '@/test/render';
import { server } from '@/test/server';

import Footer from './Footer';

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

beforeEach(() => {
  Object.assign(ids, { serviceId: '', templateId: '', publicKey: '' });
  emailjs.send.mockReset();
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

/** Records every enquiry the dialog sends (the URL keeps the spec's name, putNote) and answers it. */
function captureEnquiries(
  answer: () => Response = () => HttpResponse.json({ success: true, _id: 'n1' }, { status: 201 }),
) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/auth/putNote', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

const OPENERS = [
  ["We're Hiring", 'Hiring'],
  ['Become a Brand Partner', 'Brand Partner'],
  ['Support', 'Support'],
  ['Contact Us', 'Contact Us'],
] as const;

describe('Footer', () => {
  it('links Home, How It Works, About and Contact, and the social pages', () => {
    renderRoute(<Footer />);
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Home', '/'],
      ['How It Works', '/how-it-works'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    for (const name of ['Instagram', 'Facebook', 'LinkedIn', 'X']) {
      expect(within(footer).getByRole('link', { name: `Giftwise on ${name} (opens in a new tab)` })).toHaveAttribute(
        'target',
        '_blank',
      );
    }
    for (const [label] of OPENERS) expect(within(footer).getByRole('button', { name: label })).toBeInTheDocument();
  });

  it.each(OPENERS)(
    '"%s" opens a dialog titled %s; sending posts the enquiry, alerts, clears details, keeps name and email',
    async (label, type) => {
      const bodies = captureEnquiries();
      const alert = spyOnAlert();
      const { user } = renderRoute(<Footer />);

      await user.click(screen.getByRole('button', { name: label }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: type })).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText('Name'), 'Ada Lovelace');
      await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
      await user.type(within(dialog).getByLabelText('Details'), `About ${type}`);
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));

      await waitFor(() => expect(alert).toHaveBeenCalledWith('Sent Successfully'));
      expect(bodies).toEqual([{ type, Pname: 'Ada Lovelace', Pemail: 'ada@example.com', details: `About ${type}` }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      // Reopened: name and email are kept, details were cleared.
      await user.click(screen.getByRole('button', { name: label }));
      const again = await screen.findByRole('dialog');
      expect(within(again).getByLabelText('Name')).toHaveValue('Ada Lovelace');
      expect(within(again).getByLabelText('Email')).toHaveValue('ada@example.com');
      expect(within(again).getByLabelText('Details')).toHaveValue('');
    },
  );

  it('disables the button while sending', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('/api/auth/putNote', async () => {
        await held;
        return HttpResponse.json({ success: true, _id: 'n1' }, { status: 201 });
      }),
    );
    const alert = spyOnAlert();
    const { user } = renderRoute(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Support' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Details'), 'Where is my order?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(alert).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Sent Successfully'));
  });

  it('still alerts "Sent Successfully" when the server rejects it, and only logs the error', async () => {
    const bodies = captureEnquiries(() =>
      HttpResponse.json({ success: false, error: 'Details must be at most 5000 characters' }, { status: 400 }),
    );
    const alert = spyOnAlert();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoute(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Contact Us' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Details'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Sent Successfully'));
    expect(bodies).toHaveLength(1);
    expect(logged).toHaveBeenCalledWith('Enquiry was not stored:', 'Details must be at most 5000 characters');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('with EmailJS configured, also emails type, name, email and details; a refusal is only logged', async () => {
    Object.assign(ids, { serviceId: 'svc', templateId: 'tpl', publicKey: 'pk' });
    emailjs.send.mockRejectedValue(new emailjs.EmailJSResponseStatus(403, 'Forbidden'));
    captureEnquiries();
    const alert = spyOnAlert();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoute(<Footer />);
    await user.click(screen.getByRole('button', { name: 'Become a Brand Partner' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Details'), 'We make candles');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Sent Successfully'));
    expect(emailjs.send).toHaveBeenCalledWith(
      'svc',
      'tpl',
      { type: 'Brand Partner', name: 'Ada', email: 'ada@example.com', details: 'We make candles' },
      expect.anything(),
    );
    expect(logged).toHaveBeenCalledWith('Enquiry was not emailed:', 'Forbidden');
  });

  it('closes with its X and with Escape without sending', async () => {
    const bodies = captureEnquiries();
    const { user } = renderRoute(<Footer />);
    await user.click(screen.getByRole('button', { name: "We're Hiring" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Support' }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Support' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([]);
  });
});
