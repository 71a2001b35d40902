import { useEffect, useRef } from 'react';

import { notify } from '@/lib/notify';

/**
 * Alerts `message` (when there is one) once for the load `load` that brought it, after the screen shows that load.
 * A route's loader gives the data and the screen the alert, so a load the screen never shows (the user moved on)
 * alerts nothing. The ref keeps a remount of the same load (React's StrictMode) from alerting twice.
 */
export function useLoadAlert(load: object, message: string | null): void {
  const alerted = useRef<object | null>(null);
  useEffect(() => {
    if (message === null || alerted.current === load) return;
    alerted.current = load;
    notify(message);
  }, [load, message]);
}
