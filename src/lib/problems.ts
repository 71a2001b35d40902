import { DEFAULT_OPTIONS, GENDERS } from '#contract/giftOptions';

/**
 * What went wrong with a submit, in words: `field` is the name of the form's input it concerns (the API's field
 * name, which every input carries as its `name`), or null when it concerns the whole form (no answer, a rule of
 * the server's own, a field the form does not show).
 */
export interface Problem {
  message: string;
  field: string | null;
}

/** A failure that concerns the whole form (no answer at all, or a refusal that names no field). */
export const formProblem = (message: string): Problem => ({ message, field: null });

/** Marks an input that shows its own problem (useFieldProblem): a refusal names a field only then. */
export const SHOWS_PROBLEMS = 'data-shows-problems';

/** zod's own wording, which the server prefixes with the field's path ("gender: Invalid input"). */
const GENERIC = /^(Invalid|Unrecognized|Too (big|small)|Expected)/;
/** "gender: Invalid input", "card.number: Too big…": the path's first name, then the message. */
const PATH_PREFIX = /^([A-Za-z]\w*)(?:\.[\w.]+)?: (.+)$/s;

/** "Male, Female or Other". */
const oneOf = (choices: readonly string[]) => `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;

/** The plain reason for a field the server refused with zod's generic words, where the field is a choice. */
const CHOICES: Readonly<Record<string, readonly string[]>> = { gender: GENDERS, defaultOption: DEFAULT_OPTIONS };

/** "phoneNumber" as a person writes it: "Phone number". */
function inWords(field: string): string {
  const words = field.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words[0].toUpperCase() + words.slice(1);
}

/** The text of an input's label, without the required mark. */
function labelOf(control: Element): string {
  const labels = 'labels' in control ? (control.labels as NodeListOf<HTMLLabelElement> | null) : null;
  return (labels?.[0]?.textContent ?? '').replace('*', '').trim();
}

/** The named input whose label the server's own message starts with ("Phone number must be…"), if any. */
function fieldNamedBy(message: string, form: HTMLFormElement): string | null {
  const lower = message.toLowerCase();
  for (const control of Array.from(form.elements)) {
    const name = control.hasAttribute(SHOWS_PROBLEMS) ? control.getAttribute('name') : null;
    const label = labelOf(control).toLowerCase();
    // "Email or password is incorrect" concerns both: the whole form.
    const said = lower.startsWith(`${label} `) && !/^(or|and) /.test(lower.slice(label.length + 1));
    if (name && label && said) return name;
  }
  return null;
}

/**
 * A server's refusal in words a person uses, and the field it concerns where the server names one: zod's
 * "gender: Invalid input" becomes "Gender: choose Male, Female or Other" for the input named gender; the server's
 * own messages already name their field in words ("Phone number must be exactly 10 digits"), matched by the
 * label. Without the form (or when it shows no such input), the problem concerns the whole form.
 */
export function refusalProblem(reason: string, form?: HTMLFormElement | null): Problem {
  const named = PATH_PREFIX.exec(reason);
  const field = named ? named[1] : form ? fieldNamedBy(reason, form) : null;
  const control = field === null ? null : form?.elements.namedItem(field);
  const shown = control instanceof Element && control.hasAttribute(SHOWS_PROBLEMS) ? control : null;
  if (!named) return { message: reason, field: shown && field };
  const [, path, said] = named;
  const choices = CHOICES[path];
  const why = GENERIC.test(said)
    ? choices
      ? `choose ${oneOf(choices)}`
      : 'check what you entered'
    : said[0].toLowerCase() + said.slice(1);
  // The field as the form labels it ("Phone" for phno), or its name in words where the form does not show it.
  const label = (shown && labelOf(shown)) || inWords(path);
  return { message: `${label}: ${why}`, field: shown && field };
}
