import { useCallback, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';

import type { SignedInDevice } from '#contract/sessions';
import type { DeviceCalls } from '@/api/devices';
import { FormError } from '@/components/FormError';
import { describeError } from '@/lib/errors';

/** "Chrome 120 on Windows 10", or what part of it the browser told. */
export function deviceName(device: Pick<SignedInDevice, 'browser' | 'os'>): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? device.os ?? 'Unknown browser';
}

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => WHEN.format(new Date(iso));

type Load = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'loaded'; devices: SignedInDevice[] };

/**
 * Signed-in devices: each live session of the account (when it signed in, when it was last used, browser and
 * system, the address it signed in from), this one marked, with "Sign out" for each other and "Sign out
 * everywhere else". The customer's profile and the admin's account screen show it, each with its own calls.
 */
export function SignedInDevices({ calls }: { calls: DeviceCalls }) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  /** The id of the device being signed out, 'others' for all of them, or null. */
  const [sending, setSending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  const fetchDevices = useCallback(async (): Promise<Load> => {
    try {
      const answer = await calls.list();
      if (answer.success) return { state: 'loaded', devices: answer.sessions };
      return { state: 'failed', error: answer.error || 'Your devices could not be loaded.' };
    } catch (err) {
      console.error('Loading signed-in devices failed', err);
      return { state: 'failed', error: describeError(err) };
    }
  }, [calls]);

  useEffect(() => {
    let current = true;
    void fetchDevices().then((loaded) => current && setLoad(loaded));
    return () => {
      current = false;
    };
  }, [fetchDevices]);

  const reload = async () => setLoad(await fetchDevices());
  const retry = async () => {
    setLoad({ state: 'loading' });
    await reload();
  };

  const act = async (key: string, send: () => Promise<{ success: boolean; error?: string }>, done: string) => {
    setSending(key);
    setError(null);
    setStatus('');
    try {
      const answer = await send();
      if (answer.success) setStatus(done);
      else setError(answer.error ?? 'That did not work. Try again.');
    } catch (err) {
      console.error('Signing a device out failed', err);
      setError(describeError(err));
    } finally {
      setSending(null);
      await reload();
    }
  };

  const others = load.state === 'loaded' ? load.devices.filter((d) => !d.current) : [];

  return (
    <section aria-labelledby={`${id}-title`} className="card mb-4 shadow-sm">
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5 mb-3">
          Signed-in devices
        </h2>
        <p className="text-body-secondary small">
          Where your account is signed in now. If you do not recognise one, sign it out and change your password.
        </p>
        {load.state === 'loading' && (
          <p role="status" className="d-flex align-items-center gap-2 mb-0">
            <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            Loading your signed-in devices…
          </p>
        )}
        {load.state === 'failed' && (
          <FormError message={load.error}>
            <div className="mt-2">
              <Button size="sm" variant="outline-danger" onClick={() => void retry()}>
                Try again
              </Button>
            </div>
          </FormError>
        )}
        {load.state === 'loaded' && (
          <>
            <ul className="list-group mb-3" aria-label="Signed-in devices">
              {load.devices.map((device) => (
                <li key={device.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                  <div className="me-auto min-w-0">
                    <div className="fw-semibold">
                      {deviceName(device)}
                      {device.current && <span className="badge text-bg-success ms-2">This device</span>}
                    </div>
                    <div className="small text-body-secondary">
                      Signed in {when(device.createdAt)}
                      {device.address && <> from {device.address}</>} · last active {when(device.lastSeenAt)}
                    </div>
                  </div>
                  {!device.current && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={sending !== null}
                      aria-label={`Sign out ${deviceName(device)}, last active ${when(device.lastSeenAt)}`}
                      onClick={() =>
                        void act(device.id, () => calls.endOne(device.id), `${deviceName(device)} was signed out.`)
                      }
                    >
                      {sending === device.id ? 'Signing out…' : 'Sign out'}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {others.length > 0 ? (
              <Button
                size="sm"
                variant="danger"
                disabled={sending !== null}
                onClick={() =>
                  void act('others', calls.endOthers, 'Every other device was signed out. This one stays signed in.')
                }
              >
                {sending === 'others' ? 'Signing out…' : 'Sign out everywhere else'}
              </Button>
            ) : (
              <p className="small text-body-secondary mb-0">No other device is signed in.</p>
            )}
          </>
        )}
        <p aria-live="polite" className="small text-success mt-2 mb-0">
          {status}
        </p>
        <FormError message={error} />
      </div>
    </section>
  );
}
