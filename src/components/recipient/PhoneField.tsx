import './RecipientFields.css';

import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

import { PHONE_LENGTH } from '#contract/limits';
import { CALLING_CODE_MESSAGE, readPhone } from '#contract/phoneNumber';
import { FieldError, useFieldProblem } from '@/components/FormProblem';
import { loadCallingCodes } from '@/lib/callingCodes';

/** The country box in front of the number (the order form's): the code as typed, and its changes. */
export interface CountryCodeBox {
  value: string;
  onChange: (value: string) => void;
}

interface Props {
  id: string;
  label: ReactNode;
  required: boolean;
  /** The number as the form keeps and sends it: PHONE_LENGTH digits once what was typed reads as a number. */
  value: string;
  /**
   * The number's new value, and with a country box, the calling code written in front of it ("+44"), if one was:
   * one call, so that the form takes both in one change.
   */
  onChange: (value: string, countryCode?: string) => void;
  /** The field's name in the form (the API's: phoneNumber, or the profile's phno). */
  name?: string;
  autoComplete?: string;
  countryCode?: CountryCodeBox;
}

const HINT = `${PHONE_LENGTH} digits; spaces, dashes, dots and brackets are fine.`;

/** Why what was typed is not a number the field can keep, or null when it is (or is blank). */
function problemOf(text: string, withCountryBox: boolean): string | null {
  if (text.trim() === '') return null;
  const read = readPhone(text);
  if (read === null) {
    const digits = text.replace(/\D/g, '').length;
    return /[^\d\s().\-/+]/.test(text)
      ? 'A phone number has only digits, spaces, dashes, dots and brackets'
      : `A phone number needs ${PHONE_LENGTH} digits (this one has ${digits})`;
  }
  // +1 is the code a number without one is taken to have; any other needs the country box to be kept.
  if (!withCountryBox && read.callingCode !== undefined && read.callingCode !== '1') {
    return `The country code +${read.callingCode} cannot be kept here: enter the ${PHONE_LENGTH}-digit number without it`;
  }
  return null;
}

/** A code the box holds that is no country's, once the lazily loaded metadata has said so. */
function useCodeProblem(code: string | undefined): string | null {
  const [checked, setChecked] = useState<{ code: string; known: boolean } | null>(null);
  const written = code?.trim() ?? '';
  useEffect(() => {
    if (written === '') return;
    let current = true;
    void loadCallingCodes().then(({ callingCode }) => {
      if (current) setChecked({ code: written, known: callingCode(written) !== null });
    });
    return () => {
      current = false;
    };
  }, [written]);
  return written !== '' && checked?.code === written && !checked.known ? CALLING_CODE_MESSAGE : null;
}

/** The browser's own check of a control: the form is not sent while `message` stands, and focus goes there. */
function useValidity(ref: RefObject<HTMLInputElement | null>, message: string | null) {
  useEffect(() => {
    ref.current?.setCustomValidity(message ?? '');
  }, [ref, message]);
}

/**
 * The phone number field of every form (the order, occasion and person forms, the profile). A number pasted or
 * typed in any common format keeps its digits ("(555) 123-4567", "+1 555 123 4567", contract/phoneNumber.ts): the
 * text stays as written and the form gets its PHONE_LENGTH digits. A calling code written in front goes into the
 * country box; one that is no country's, or a number that cannot become PHONE_LENGTH digits, is said beside the
 * field (once it is left or the form is sent) and keeps the form from being sent. Nothing is cut: no maxLength.
 */
export function PhoneField({
  id,
  label,
  required,
  value,
  onChange,
  name = 'phoneNumber',
  autoComplete,
  countryCode,
}: Props) {
  // What was typed, and the value it gave the form: a new value from the form (prefilled, cleared) replaces it.
  const [typed, setTyped] = useState({ text: value, gave: value });
  if (typed.gave !== value) setTyped({ text: value, gave: value });
  const [touched, setTouched] = useState(false);
  const [codeTouched, setCodeTouched] = useState(false);

  const problem = problemOf(typed.text, countryCode !== undefined);
  const codeProblem = useCodeProblem(countryCode?.value);
  // A refusal from the server that names the number is shown under it, and focuses it (FormProblem).
  const refused = useFieldProblem(name, id);
  const numberRef = refused.control.ref;
  useValidity(numberRef, problem);
  const codeRef = useRef<HTMLInputElement>(null);
  useValidity(codeRef, codeProblem);
  const showProblem = touched && problem !== null;
  const showCodeProblem = codeTouched && codeProblem !== null;

  const read = readPhone(typed.text);
  const take = (text: string) => {
    const number = readPhone(text);
    const gave = number?.digits ?? text.trim();
    setTyped({ text, gave });
    onChange(gave, countryCode && number?.callingCode !== undefined ? `+${number.callingCode}` : undefined);
  };
  // A whole number pasted into the country box: its code stays there, its digits go to the number.
  const takeCode = (text: string) => {
    const number = /\d{4}/.test(text) ? readPhone(text) : null;
    if (number?.callingCode !== undefined) take(text);
    else countryCode?.onChange(text);
  };

  const problemId = `${id}-problem`;
  const codeProblemId = `${id}-code-problem`;
  const help = read && read.digits !== typed.text.trim() ? `Saved as ${read.digits}.` : HINT;
  const number = (
    <Form.Control
      {...refused.control}
      id={id}
      name={name}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      value={typed.text}
      onChange={(e) => take(e.target.value)}
      onBlur={() => setTouched(true)}
      onInvalid={() => setTouched(true)}
      required={required}
      placeholder="(555) 123-4567"
      isInvalid={showProblem || refused.error !== null}
      aria-describedby={refused.describedBy(showProblem ? problemId : undefined, `${id}-help`)}
    />
  );
  return (
    <>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      {countryCode ? (
        <InputGroup hasValidation>
          <Form.Control
            ref={codeRef}
            name="countryCode"
            value={countryCode.value}
            onChange={(e) => takeCode(e.target.value)}
            onBlur={() => setCodeTouched(true)}
            onInvalid={() => setCodeTouched(true)}
            placeholder="+1"
            aria-label="Country code"
            className="recipient-fields__country"
            inputMode="tel"
            autoComplete="tel-country-code"
            isInvalid={showCodeProblem}
            aria-describedby={showCodeProblem ? codeProblemId : undefined}
          />
          {number}
        </InputGroup>
      ) : (
        number
      )}
      {showCodeProblem && (
        <div id={codeProblemId} className="invalid-feedback d-block">
          {codeProblem}
        </div>
      )}
      {showProblem && (
        <div id={problemId} className="invalid-feedback d-block">
          {problem}
        </div>
      )}
      <FieldError error={refused.error} />
      <Form.Text id={`${id}-help`}>{help}</Form.Text>
    </>
  );
}
