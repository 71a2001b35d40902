import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

import { GENDERS } from '#contract/giftOptions';
import { FieldError, useFieldProblem } from '@/components/FormProblem';

/**
 * The gender as one of the API's values (GENDERS), so every form sends what the server takes. "Choose…" (sent as
 * '') comes first: left on it, the field is blank, which every form allows unless `required`. A stored value in
 * another case ("female") is shown as its GENDERS spelling by whoever fills the form (spelledGender).
 */
export function GenderSelect({
  id,
  label,
  required,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const problem = useFieldProblem<HTMLSelectElement>('gender', id);
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name="gender"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        required={required}
        aria-describedby={problem.describedBy()}
        {...problem.control}
      >
        <option value="">Choose…</option>
        {GENDERS.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </Form.Select>
      <FieldError error={problem.error} />
    </Form.Group>
  );
}
