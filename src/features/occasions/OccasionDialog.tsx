import { useId, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

import type { Occasion } from '#contract/occasions';
import { addOccasion, updateOccasion } from '@/api/occasions';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useSubmit } from '@/hooks/useSubmit';

import { OccasionForm } from './OccasionForm';
import { EMPTY_OCCASION_FORM, formFromOccasion, occasionFromForm } from './occasionFormValues';

interface Props {
  /** The occasion to edit; none to add one. */
  occasion?: Occasion;
  onClose: () => void;
  /** After a save: reloads the list. */
  onSaved: () => void;
}

/** Add or edit an occasion in a dialog (focus trap and Escape come with Modal). */
export function OccasionDialog({ occasion, onClose, onSaved }: Props) {
  const titleId = useId();
  const [values, setValues] = useState(occasion ? formFromOccasion(occasion) : EMPTY_OCCASION_FORM);
  const { busy, error, submit } = useSubmit({
    onSuccess: () => {
      onClose();
      onSaved();
    },
    fallbackError: 'The occasion could not be saved.',
    what: 'Saving the occasion',
  });
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = occasionFromForm(values);
    void submit(() => (occasion ? updateOccasion(occasion._id, body) : addOccasion(body)));
  };

  return (
    <Modal show onHide={busy ? () => undefined : onClose} size="lg" aria-labelledby={titleId} scrollable>
      <Form onSubmit={handleSubmit} className="d-flex flex-column overflow-hidden">
        <Modal.Header closeButton={!busy} closeLabel="Close dialog">
          <Modal.Title id={titleId}>{occasion ? 'Edit occasion' : 'Add occasion'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormError message={error} className="mb-3" />
          <OccasionForm values={values} onChange={setValues} disabled={busy} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Close
          </Button>
          <SubmitButton busy={busy} busyText="Saving…">
            Save
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
