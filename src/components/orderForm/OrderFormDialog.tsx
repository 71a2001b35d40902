import { useId, type FormEvent, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

import type { DefaultOption } from '#contract/giftOptions';
import { DialogFooter } from '@/components/DialogFooter';
import { ProblemScope } from '@/components/FormProblem';
import { SubmitButton } from '@/components/SubmitButton';
import type { Problem } from '@/lib/problems';

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
  /** Sends the form (given, so a refusal can name its field). */
  onSubmit: (form: HTMLFormElement) => void;
  onClose: () => void;
  busy: boolean;
  /** What went wrong with the last submit: shown beside its field, or beside the buttons. */
  problem: Problem | null;
  /** The first day offered until the lead times are known. */
  minDate?: string;
  /** An edited order's stored date and option: together they may stay as they are, however soon. */
  kept?: { date: string; defaultOption: DefaultOption };
  /** What saving will also do, said above the form and read with the submit button (a proposal it withdraws). */
  notice?: string;
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
  problem,
  minDate,
  kept,
  notice,
}: Props) {
  const titleId = useId();
  const noticeId = useId();
  // No day before the chosen option's earliest delivery date, and why (the server's rule, GET lead-times).
  const rule = dateRule(values, useLeadTimes(show), { kept, fallbackMin: minDate });
  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit(e.currentTarget);
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
        <ProblemScope problem={problem}>
          <Modal.Body>
            {notice && (
              <p id={noticeId} className="alert alert-warning small mb-3">
                {notice}
              </p>
            )}
            <OrderForm values={values} onChange={onChange} dateRule={rule} disabled={busy} />
          </Modal.Body>
          <DialogFooter busy={busy} onCancel={onClose} cancelLabel="Close">
            <SubmitButton busy={busy} busyText={busyText} aria-describedby={notice ? noticeId : undefined}>
              {submitLabel}
            </SubmitButton>
          </DialogFooter>
        </ProblemScope>
      </Form>
    </Modal>
  );
}
