import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import { FieldError, useFieldProblem } from './FormProblem';

interface Props {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  required?: boolean;
  minLength?: number;
  /** A hint under the field (e.g. the minimum length), linked to the input for screen readers. */
  help?: ReactNode;
}

/** Bootstrap's outline-secondary grey is below 4.5:1 on the body background (both modes); use the body's secondary text colour. */
const READABLE_OUTLINE = { '--bs-btn-color': 'var(--bs-secondary-color)' } as CSSProperties;

/** A password input with the show/hide toggle that every password form (sign-in, sign-up, reset) has. */
export function PasswordField({
  label = 'Password',
  value,
  onChange,
  autoComplete,
  name = 'password',
  required,
  minLength,
  help,
}: Props) {
  const id = useId();
  const helpId = `${id}-help`;
  const [visible, setVisible] = useState(false);
  const problem = useFieldProblem(name, id);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup>
        <Form.Control
          type={visible ? 'text' : 'password'}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          required={required}
          minLength={minLength}
          aria-describedby={problem.describedBy(help ? helpId : undefined)}
          {...problem.control}
        />
        <Button
          variant="outline-secondary"
          style={READABLE_OUTLINE}
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
        >
          {visible ? 'Hide' : 'Show'}
        </Button>
      </InputGroup>
      <FieldError error={problem.error} />
      {help && <Form.Text id={helpId}>{help}</Form.Text>}
    </Form.Group>
  );
}
