import { useId, type ComponentProps, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

import { FieldError, useFieldProblem } from './FormProblem';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'value' | 'onChange' | 'id'>;

interface FieldProps extends ControlProps {
  value: string;
  onChange: (value: string) => void;
  /** A hint under the field, linked to the input for screen readers. */
  help?: ReactNode;
  /** The group's spacing (Bootstrap classes). */
  groupClassName?: string;
  /** A fixed id, where another element must point at the input; otherwise one is made. */
  id?: string;
}

interface Props extends FieldProps {
  label: ReactNode;
}

/**
 * A labelled input (or textarea, with as="textarea") for every form: the label is tied to the input,
 * and a hint, when there is one, is announced with it. PasswordField is its sibling for passwords.
 */
export function TextField({ label, value, onChange, help, groupClassName = 'mb-3', id, ...control }: Props) {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = `${controlId}-help`;
  const problem = useFieldProblem(control.name, controlId);
  return (
    <Form.Group className={groupClassName} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...control}
        aria-describedby={problem.describedBy(help ? helpId : undefined, control['aria-describedby'])}
        {...problem.control}
      />
      <FieldError error={problem.error} />
      {help && <Form.Text id={helpId}>{help}</Form.Text>}
    </Form.Group>
  );
}

interface NamedFieldProps extends FieldProps {
  label?: ReactNode;
}

/** The email field of every form: one place for its label, type, name and autofill hint. */
export function EmailField({ label = 'Email', ...field }: NamedFieldProps) {
  return <TextField label={label} type="email" name="email" autoComplete="email" {...field} />;
}

/** The person's name field of every form. */
export function NameField({ label = 'Name', ...field }: NamedFieldProps) {
  return <TextField label={label} name="name" autoComplete="name" {...field} />;
}
