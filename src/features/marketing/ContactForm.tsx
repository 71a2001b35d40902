import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';

import { MESSAGES } from '#contract/messages';
import { emailErrorText, sendContactEmail } from '@/api/emailjs';
import { addEnquiry } from '@/api/enquiries';
import { SubmitButton } from '@/components/SubmitButton';
import { EmailField, NameField, TextField } from '@/components/TextField';
import { describeError } from '@/lib/errors';
import { CONTACT_EMAIL } from '@/lib/site';

type Result = { ok: true } | { ok: false; reason?: string };

/**
 * The contact form: name, email and message, all required. While sending the button
 * reads "Sending..." and is disabled; then the success or failure text; the fields are cleared
 * after the attempt. The message is stored as a "Contact Us" enquiry (staff read it under
 * /requests) and, when configured, also emailed through EmailJS. It counts as sent when either
 * channel took it.
 */
export function ContactForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setResult(null);
    const [stored, emailed] = await Promise.allSettled([
      addEnquiry({ type: 'Contact Us', Pname: name, Pemail: email, details: message }),
      sendContactEmail({ from_name: name, from_email: email, message }),
    ]);

    const reasons: string[] = [];
    const storedOk = stored.status === 'fulfilled' && stored.value.success;
    if (!storedOk) {
      const reason =
        stored.status === 'fulfilled'
          ? (!stored.value.success && stored.value.error) || 'The server refused the message'
          : describeError(stored.reason);
      console.error('Contact message was not stored:', reason);
      reasons.push(reason);
    }
    const emailedOk = emailed.status === 'fulfilled' && emailed.value.status === 'sent';
    if (emailed.status === 'rejected') {
      const reason = emailErrorText(emailed.reason);
      console.error('Contact message was not emailed:', reason);
      reasons.push(reason);
    }

    setResult(storedOk || emailedOk ? { ok: true } : { ok: false, reason: reasons.join(' · ') || undefined });
    setName('');
    setEmail('');
    setMessage('');
    setSending(false);
  };

  return (
    <Form onSubmit={submit} aria-labelledby="contact-form-title">
      <NameField id="contact-name" required maxLength={100} value={name} onChange={setName} />
      <EmailField id="contact-email" required maxLength={254} value={email} onChange={setEmail} />
      <TextField
        label="Message"
        id="contact-message"
        groupClassName="mb-4"
        as="textarea"
        name="message"
        rows={5}
        required
        maxLength={5000}
        value={message}
        onChange={setMessage}
      />

      {result?.ok && (
        <Alert variant="success" role="status">
          {MESSAGES.contactSuccess}
        </Alert>
      )}
      {result && !result.ok && (
        <Alert variant="danger" role="alert">
          {MESSAGES.contactFailure(CONTACT_EMAIL)}
          {result.reason && <div className="small mt-1">Reason: {result.reason}</div>}
        </Alert>
      )}

      <SubmitButton busy={sending} busyText="Sending..." size="lg" className="w-100">
        Send Message
      </SubmitButton>
    </Form>
  );
}
