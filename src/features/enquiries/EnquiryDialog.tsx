import { useState, type FormEvent, type KeyboardEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

import type { EnquiryType } from '#contract/enquiries';
import { MESSAGES } from '#contract/messages';
import { emailErrorText, sendEnquiryEmail } from '@/api/emailjs';
import { addEnquiry } from '@/api/enquiries';
import { SubmitButton } from '@/components/SubmitButton';
import { EmailField, NameField, TextField } from '@/components/TextField';
import { notify } from '@/lib/notify';

import { PROMPTS } from './kinds';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), a[href]';

/** Keeps Tab and Shift+Tab inside the dialog: from the last control back to the first, and round. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const controls = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
  if (controls.length === 0) return;
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

interface Props {
  type: EnquiryType;
  show: boolean;
  onHide: () => void;
}

/**
 * The footer's enquiry dialog, titled with its kind, closed by its X (or
 * Escape) or after sending. Sending stores the enquiry (addEnquiry) and emails it when EmailJS is
 * configured, then alerts 'Sent Successfully' whatever the outcome (failures are only logged),
 * clears the details and keeps name and email for the next enquiry.
 */
export default function EnquiryDialog({ type, show, onHide }: Props) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  // The dialog's content mounts on each opening: focus the first field still to fill (name and
  // email are kept between enquiries).
  const focusDetails = Boolean(name && email);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    const [stored, emailed] = await Promise.allSettled([
      addEnquiry({ type, Pname: name, Pemail: email, details }),
      sendEnquiryEmail({ type, name, email, details }),
    ]);
    if (stored.status === 'rejected') console.error('Enquiry was not stored:', stored.reason);
    else if (!stored.value.success) console.error('Enquiry was not stored:', stored.value.error);
    if (emailed.status === 'rejected') console.error('Enquiry was not emailed:', emailErrorText(emailed.reason));
    notify(MESSAGES.sentSuccessfully);
    setDetails('');
    setSending(false);
    onHide();
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="enquiry-title">
      <Form onSubmit={send} onKeyDown={trapTab}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="enquiry-title" as="h2" className="h5">
            {type}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">{PROMPTS[type]}</p>
          <NameField
            id="enquiry-name"
            autoFocus={!focusDetails}
            required
            maxLength={100}
            value={name}
            onChange={setName}
          />
          <EmailField id="enquiry-email" required maxLength={254} value={email} onChange={setEmail} />
          <TextField
            label="Details"
            id="enquiry-details"
            groupClassName=""
            autoFocus={focusDetails}
            as="textarea"
            name="details"
            rows={4}
            required
            maxLength={5000}
            value={details}
            onChange={setDetails}
          />
        </Modal.Body>
        <Modal.Footer>
          <SubmitButton busy={sending} busyText="Sending...">
            Send
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
