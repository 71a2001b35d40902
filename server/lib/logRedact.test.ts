import { describe, expect, it } from 'vitest';

import { redactUrl } from './logRedact';

describe('redactUrl', () => {
  it('masks the token of a reset link, however the path is spelled', () => {
    expect(redactUrl('/resetpass/abc-DEF_123')).toBe('/resetpass/[redacted]');
    expect(redactUrl('/ResetPass/abc123/')).toBe('/ResetPass/[redacted]/');
    expect(redactUrl('//resetpass//abc123?x=1')).toBe('//resetpass//[redacted]?x=1');
  });

  it('masks the token of an email-verification link', () => {
    expect(redactUrl('/verify-email/abc-DEF_123')).toBe('/verify-email/[redacted]');
    expect(redactUrl('//Verify-Email//abc123?x=1')).toBe('//Verify-Email//[redacted]?x=1');
  });

  it('masks the token of a calendar feed address and of an unsubscribe link, however the path is spelled', () => {
    expect(redactUrl('/api/calendar/uOiiAbc_123-x.ics')).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/api/calendar/uOii.ics?x=1')).toBe('/api/calendar/[redacted]?x=1');
    expect(redactUrl('//API/Calendar//tok')).toBe('//API/Calendar//[redacted]');
    expect(redactUrl('/api/reminders/unsubscribe/PsQz-1_2')).toBe('/api/reminders/unsubscribe/[redacted]');
    expect(redactUrl('/api/reminders//Unsubscribe/PsQz/extra')).toBe('/api/reminders//Unsubscribe/[redacted]/extra');
    // Spelled with percent-escapes, as a router may still read it.
    expect(redactUrl('/api/%63alendar/tok.ics')).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/api/reminders/unsubscribe%2FPsQz')).toBe('/api/reminders/unsubscribe/[redacted]');
  });

  it('masks query values whose name says they are secret, and keeps the rest', () => {
    expect(redactUrl('/api/x?token=abc&page=2&auth%2Dtoken=t&Password=p&apiKey=k')).toBe(
      '/api/x?token=[redacted]&page=2&auth%2Dtoken=[redacted]&Password=[redacted]&apiKey=[redacted]',
    );
  });

  it("masks a proposal picture's id (the capability that opens it), however the path is spelled", () => {
    const id = '3f2c9a8e-1b4d-4c6e-9f0a-2b7d5e8c1a34';
    expect(redactUrl(`/api/gifts/images/${id}`)).toBe('/api/gifts/images/[redacted]');
    expect(redactUrl(`//API/Gifts//Images/${id}?v=1`)).toBe('//API/Gifts//Images/[redacted]?v=1');
    expect(redactUrl(`/api/gifts/images%2F${id}`)).toBe('/api/gifts/images/[redacted]');
  });

  it("masks an email in the query (staff's lookup of a customer), as written or escaped", () => {
    expect(redactUrl('/api/admin/customers?email=ann%40example.com')).toBe('/api/admin/customers?email=[redacted]');
    expect(redactUrl('/api/admin/customers?Email=ann@example.com&x=1')).toBe(
      '/api/admin/customers?Email=[redacted]&x=1',
    );
  });

  it('leaves ordinary addresses alone', () => {
    for (const url of [
      '/',
      '/resetpass',
      '/resetpass/',
      '/api/gifts/getgifts',
      '/orders?status=new',
      '/forgotpass',
      '/api/calendar',
      '/api/calendar/rotate',
      '/api/reminders/page.css',
      '/api/gifts/lead-times',
      '/api/gifts/getgifts?images=1',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
