import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import { DEFAULT_OPTIONS, type DefaultOption } from '#contract/giftOptions';
import { RECIPIENT_FIELDS } from '#contract/recipientFields';
import { FieldError, useFieldProblem } from '@/components/FormProblem';

/** A label with the `*` mark of a required field. */
export function Marked({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className="text-danger ms-1" aria-hidden="true">
        *
      </span>
    </>
  );
}

/** Examples a text input offers as it is typed in (the input points at it with list={id}). */
export function Suggestions({ id, options }: { id: string; options: readonly string[] }) {
  return (
    <datalist id={id}>
      {options.map((o) => (
        <option key={o} value={o} />
      ))}
    </datalist>
  );
}

interface InputProps {
  id: string;
  label: ReactNode;
  required: boolean;
  value: string;
  onChange: (value: string) => void;
}

const BUDGET = RECIPIENT_FIELDS.budget;

/** The budget in dollars, with the dollar sign in front. */
export function BudgetInput({ id, label, required, value, onChange }: InputProps) {
  const problem = useFieldProblem('budget', id);
  return (
    <>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <InputGroup>
        <InputGroup.Text>$</InputGroup.Text>
        <Form.Control
          {...problem.control}
          aria-describedby={problem.describedBy()}
          id={id}
          name="budget"
          inputMode="decimal"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          required={required}
          maxLength={BUDGET.maxLength}
          pattern={BUDGET.pattern}
          title="An amount in dollars, like 50 or 49.99"
          placeholder="50"
        />
      </InputGroup>
      <FieldError error={problem.error} />
    </>
  );
}

/** What is sent when nothing suits the interests. */
export function DefaultOptionSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: ReactNode;
  value: DefaultOption;
  onChange: (value: DefaultOption) => void;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select name="defaultOption" value={value} onChange={(e) => onChange(e.target.value as DefaultOption)}>
        {DEFAULT_OPTIONS.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
