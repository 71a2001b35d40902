import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';

import { downloadMyData } from '@/api/auth';
import { FormError } from '@/components/FormError';
import { BusyButton } from '@/components/SubmitButton';
import { describeError } from '@/lib/errors';
import { saveFile } from '@/lib/saveFile';

import { DeleteAccountDialog } from './DeleteAccountDialog';

/** "Your data": a copy of everything Giftwise stores about the customer, and deleting the account (docs/privacy.md). */
export function YourDataSection() {
  const id = useId();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const file = await downloadMyData();
      if (file.ok) saveFile(file.blob, file.filename);
      else setError(file.error);
    } catch (err) {
      console.error('Downloading my data failed', err);
      setError(describeError(err));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Your data
        </h2>
        <p className="text-body-secondary small">
          Download a copy of everything we store about you: your profile, orders and their history, occasions,
          preferences, enquiries, sign-ins and the emails we sent you (a JSON file).
        </p>
        <BusyButton
          variant="outline-primary"
          busy={downloading}
          busyText="Preparing your file…"
          onClick={() => void download()}
        >
          Download my data
        </BusyButton>
        <FormError message={error ? `The download failed: ${error}` : null} />
        <hr />
        <p className="text-body-secondary small">
          Deleting your account erases your profile, occasions and sign-ins for good. Orders not yet delivered are
          cancelled; delivered orders are kept for our records without your name or any way to reach you.
        </p>
        <Button variant="outline-danger" onClick={() => setDeleting(true)}>
          Delete my account…
        </Button>
        <DeleteAccountDialog show={deleting} onCancel={() => setDeleting(false)} />
      </div>
    </section>
  );
}
