import { useId, type FormEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

import type { DefaultOption } from '#contract/giftOptions';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';

import { dateRule, useLeadTimes } from './deliveryDate';
import { OrderForm } from './OrderForm';
import type { OrderFormValues } from './orderFormValues';

interface Props {
  show: boolean;
  title: ReactNode;
  submitLabel: string;
  busyText: string;
  values: OrderFormValues;
  onChange: (values: OrderFormValues) => void;
  onSubmit: () => void;
  onClose: () => void;
  busy: boolean;
  /** The server's reason for the last refusal, shown above the form. */
  error: string | null;
  /** The first day offered until the lead times are known. */
  minDate?: string;
  /** An edited order's stored date and option: together they may stay as they are, however soon. */
  kept?: { date: string; defaultOption: DefaultOption };
}

/** The modal around the order form, shared by Add Order and EDIT ORDER (focus trap and Escape come with Modal). */
export function OrderFormDialog({
  show,
  title,
  submitLabel,
  busyText,
  values,
  onChange,
  onSubmit,
  onClose,
  busy,
  error,
  minDate,
  kept,
}: Props) {
  const titleId = useId();
  // No day before the chosen option's earliest delivery date, and why (the server's rule, GET lead-times).
  const rule = dateRule(values, useLeadTimes(show), { kept, fallbackMin: minDate });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Modal
      show={show}
      onHide={busy ? () => undefined : onClose}
      size="lg"
      aria-labelledby={titleId}
      backdrop={busy ? 'static' : true}
      scrollable
    >
      <Form onSubmit={handleSubmit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton={!busy} closeLabel="Close dialog">
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormError message={error} className="mb-3" />
          <OrderForm values={values} onChange={onChange} dateRule={rule} disabled={busy} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <SubmitButton busy={busy} busyText={busyText}>
            {submitLabel}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
