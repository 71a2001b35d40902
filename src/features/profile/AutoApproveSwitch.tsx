import { useId } from 'react';
import Form from 'react-bootstrap/Form';

interface Props {
  checked: boolean;
  onChange: (on: boolean) => void;
}

/** The profile's standing choice for gift proposals (docs/workflow.md), saved with the profile. */
export function AutoApproveSwitch({ checked, onChange }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Gift proposals
        </h2>
        <Form.Check
          type="switch"
          id={`${id}-switch`}
          label="Approve proposals within my budget automatically"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={`${id}-help`}
        />
        <Form.Text id={`${id}-help`}>
          When we propose a gift at or under the order&apos;s budget, it is approved at once and we start preparing it.
          A gift above the budget always waits for you. Saved with Update Profile.
        </Form.Text>
      </div>
    </section>
  );
}
