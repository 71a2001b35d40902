import Card from 'react-bootstrap/Card';

import { PHONE_LENGTH } from '#contract/limits';
import { ORDERING_FIELD_LABELS as LABELS } from '#contract/orderingProfile';
import { TextField } from '@/components/TextField';

import type { ProfileForm } from './profileForm';

interface Props {
  email: string;
  form: ProfileForm;
  set: (field: keyof ProfileForm) => (value: string) => void;
}

/** Name, address and phone; the sign-in email is shown but cannot be changed here. */
export function ProfileDetailsSection({ email, form, set }: Props) {
  return (
    <Card className="mb-4 shadow-sm">
      <Card.Body className="p-4">
        <h2 className="h5 mb-3">Your details</h2>
        <TextField
          id="profile-email"
          label="Email"
          type="email"
          value={email}
          onChange={() => undefined}
          readOnly
          className="bg-body-tertiary"
          help="Your sign-in email cannot be changed here."
        />
        <TextField
          id="profile-name"
          label="UserName"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
        />
        <TextField
          id="profile-address"
          label={LABELS.address}
          as="textarea"
          rows={2}
          name="address"
          autoComplete="street-address"
          value={form.address}
          onChange={set('address')}
        />
        <TextField
          id="profile-phone"
          groupClassName=""
          label={LABELS.phno}
          type="tel"
          name="phno"
          autoComplete="tel-national"
          inputMode="numeric"
          maxLength={PHONE_LENGTH}
          pattern={`[0-9]{${PHONE_LENGTH}}`}
          title={`${PHONE_LENGTH} digits`}
          value={form.phno}
          onChange={set('phno')}
          help={`${PHONE_LENGTH} digits, no spaces.`}
        />
      </Card.Body>
    </Card>
  );
}
