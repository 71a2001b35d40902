import { useState } from 'react';

import { downloadOrdersCsv, type OrderQuery } from '@/api/admin';
import { BusyButton } from '@/components/SubmitButton';
import { describeError } from '@/lib/errors';
import { saveFile } from '@/lib/saveFile';

/** "Export CSV": every order of the view, search and range (not only the page shown), as a file. */
export function ExportButton({ query }: { query: OrderQuery }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await downloadOrdersCsv(query);
      if (file.ok) saveFile(file.blob, file.filename);
      else setError(file.error);
    } catch (err) {
      console.error('CSV export failed', err);
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="d-flex flex-column align-items-end gap-1">
      <BusyButton variant="outline-secondary" size="sm" onClick={() => void run()} busy={busy}>
        Export CSV
      </BusyButton>
      {error && (
        <p className="text-danger small mb-0" role="alert">
          Export failed: {error}
        </p>
      )}
    </div>
  );
}
