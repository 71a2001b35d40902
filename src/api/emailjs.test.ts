import { beforeEach, describe, expect, it, vi } from 'vitest';

const ids = vi.hoisted(() => ({ serviceId: 'service_test', templateId: 'template_test', publicKey: 'public_test' }));
vi.mock('@/config', () => ({ config: { apiUrl: '', emailjs: ids } }));

const emailjsMock = vi.hoisted(() => {
  class EmailJSResponseStatus {
    constructor(
      public status = 0,
      public text = 'Network Error',
    ) {}
  }
  return { init: vi.fn(), send: vi.fn(), EmailJSResponseStatus };
});
vi.mock('@emailjs/browser', () => emailjsMock);

const { emailErrorText, EmailSendError, missingEmailIds, sendContactEmail, sendEnquiryEmail } =
  await import('./emailjs');
const { EmailJSResponseStatus } = emailjsMock;

beforeEach(() => {
  Object.assign(ids, { serviceId: 'service_test', templateId: 'template_test', publicKey: 'public_test' });
  emailjsMock.send.mockReset();
});

describe('emailErrorText: the texts users see for email service errors', () => {
  it.each([
    [0, 'Network Error'],
    [451, 'Unavailable For Headless Browser'],
    [403, 'Forbidden'],
    [429, 'Too Many Requests'],
  ])('status %i reads %s', (status, text) => {
    expect(emailErrorText(new EmailJSResponseStatus(status, 'whatever the service said'))).toBe(text);
  });

  it('passes through the client messages about a missing public key, service ID or template ID', () => {
    const messages = [
      'The public key is required. Visit https://dashboard.emailjs.com/admin/account',
      'The service ID is required. Visit https://dashboard.emailjs.com/admin',
      'The template ID is required. Visit https://dashboard.emailjs.com/admin/templates',
    ];
    for (const m of messages) expect(emailErrorText(m)).toBe(m);
  });

  it('reads a failed fetch as Network Error and keeps any other status text', () => {
    expect(emailErrorText(new TypeError('Failed to fetch'))).toBe('Network Error');
    expect(emailErrorText(new EmailJSResponseStatus(400, 'The Public Key is invalid'))).toBe(
      'The Public Key is invalid',
    );
    expect(emailErrorText(new EmailJSResponseStatus(500, ''))).toBe('Email service error 500');
  });
});

describe('sending', () => {
  it('initialises once with blockHeadless and a throttle, and sends the contact params', async () => {
    emailjsMock.send.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    const params = { from_name: 'Ada', from_email: 'ada@example.com', message: 'Hello' };
    await expect(sendContactEmail(params)).resolves.toEqual({ status: 'sent' });
    await sendContactEmail(params);

    expect(emailjsMock.init).toHaveBeenCalledTimes(1);
    expect(emailjsMock.init).toHaveBeenCalledWith({
      publicKey: 'public_test',
      blockHeadless: true,
      limitRate: { throttle: 10_000 },
    });
    expect(emailjsMock.send).toHaveBeenCalledWith('service_test', 'template_test', params, {
      limitRate: { id: 'giftwise-contact', throttle: 10_000 },
    });
  });

  it('sends the footer enquiry params: type, name, email, details', async () => {
    emailjsMock.send.mockResolvedValue(new EmailJSResponseStatus(200, 'OK'));
    const params = { type: 'Support', name: 'Ada', email: 'ada@example.com', details: 'Help' };
    await expect(sendEnquiryEmail(params)).resolves.toEqual({ status: 'sent' });
    expect(emailjsMock.send).toHaveBeenCalledWith('service_test', 'template_test', params, {
      limitRate: { id: 'giftwise-enquiry', throttle: 10_000 },
    });
  });

  it.each([
    [451, 'Unavailable For Headless Browser'],
    [403, 'Forbidden'],
    [429, 'Too Many Requests'],
    [0, 'Network Error'],
  ])('a %i refusal rejects with EmailSendError "%s"', async (status, text) => {
    emailjsMock.send.mockRejectedValue(new EmailJSResponseStatus(status, 'raw'));
    const failure = sendEnquiryEmail({ type: 'Hiring', name: 'A', email: 'a@example.com', details: 'x' });
    await expect(failure).rejects.toBeInstanceOf(EmailSendError);
    await expect(failure).rejects.toMatchObject({ message: text, status });
  });

  it('with an id missing, only logs the form and reports success without calling the service', async () => {
    ids.templateId = '';
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expect(missingEmailIds()).toEqual(['template ID']);
    await expect(sendContactEmail({ from_name: 'Ada', from_email: 'ada@example.com', message: 'Hi' })).resolves.toEqual(
      {
        status: 'skipped',
      },
    );
    expect(emailjsMock.send).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(expect.stringContaining('missing template ID'), {
      from_name: 'Ada',
      from_email: 'ada@example.com',
      message: 'Hi',
    });
  });

  it('names every missing id', () => {
    Object.assign(ids, { serviceId: '', templateId: '', publicKey: '' });
    expect(missingEmailIds()).toEqual(['public key', 'service ID', 'template ID']);
  });
});
