import { useId, type ComponentProps, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'value' | 'onChange' | 'id'>;

interface Props extends ControlProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** A hint under the field, linked to the input for screen readers. */
  help?: ReactNode;
  /** The group's spacing (Bootstrap classes). */
  groupClassName?: string;
  /** A fixed id, where another element must point at the input; otherwise one is made. */
  id?: string;
}

/**
 * A labelled input (or textarea, with as="textarea") for every form: the label is tied to the input,
 * and a hint, when there is one, is announced with it. PasswordField is its sibling for passwords.
 */
export function TextField({ label, value, onChange, help, groupClassName = 'mb-3', id, ...control }: Props) {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = `${controlId}-help`;
  return (
    <Form.Group className={groupClassName} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={help ? helpId : undefined}
        {...control}
      />
      {help && <Form.Text id={helpId}>{help}</Form.Text>}
    </Form.Group>
  );
}
