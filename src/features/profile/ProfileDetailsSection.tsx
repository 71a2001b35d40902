import Card from 'react-bootstrap/Card';

import { ORDERING_FIELD_LABELS as LABELS } from '#contract/orderingProfile';
import { PhoneField } from '@/components/recipient/PhoneField';
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
        <PhoneField
          id="profile-phone"
          label={LABELS.phno}
          name="phno"
          autoComplete="tel-national"
          required={false}
          value={form.phno}
          onChange={set('phno')}
        />
      </Card.Body>
    </Card>
  );
}
