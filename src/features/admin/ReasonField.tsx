import Form from 'react-bootstrap/Form';

import { REASON_MAX } from '#contract/limits';
import { CharacterCount } from '@/components/CharacterCount';

/** The optional reason of a rejection, kept in the order's history and shown to the customer. */
export function ReasonField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>Reason (optional, shown to the customer)</Form.Label>
      <Form.Control
        as="textarea"
        rows={3}
        aria-describedby={`${id}-count`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <CharacterCount id={`${id}-count`} controlId={id} value={value} max={REASON_MAX} />
    </Form.Group>
  );
}
