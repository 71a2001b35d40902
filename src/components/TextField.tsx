import { useId, type ComponentProps, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

import { CharacterCount, COUNTED_FROM } from './CharacterCount';
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
export function TextField({
  label,
  value,
  onChange,
  help,
  groupClassName = 'mb-3',
  id,
  maxLength,
  isInvalid,
  ...control
}: Props) {
  const generated = useId();
  const controlId = id ?? generated;
  const helpId = `${controlId}-help`;
  // A long text is counted, not cut (CharacterCount); a short one stops at its limit.
  const counted = maxLength !== undefined && maxLength >= COUNTED_FROM && control.type !== 'email';
  const countId = `${controlId}-count`;
  const problem = useFieldProblem(control.name, controlId);
  return (
    <Form.Group className={groupClassName} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={counted ? undefined : maxLength}
        isInvalid={isInvalid || (counted && value.length > maxLength)}
        {...control}
        aria-describedby={problem.describedBy(
          help ? helpId : undefined,
          counted ? countId : undefined,
          control['aria-describedby'],
        )}
        {...problem.control}
      />
      <FieldError error={problem.error} />
      {help && <Form.Text id={helpId}>{help}</Form.Text>}
      {counted && <CharacterCount id={countId} controlId={controlId} value={value} max={maxLength} />}
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
