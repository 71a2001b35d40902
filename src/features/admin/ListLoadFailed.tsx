import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useRevalidator } from 'react-router-dom';

import { useSecondFactorPrompt } from './SecondFactorDialog';

/**
 * An admin list whose first page could not be had: why, and Try again (the route's loader again). A page refused
 * for want of a recent code (decision 0044) asks for one in place once, and loads the list again when it was
 * accepted; Try again asks again.
 */
export function ListLoadFailed({ failed }: { failed: { error: string; wantsCode: boolean } }) {
  const { revalidate } = useRevalidator();
  const secondFactor = useSecondFactorPrompt();
  // Once per load (the route's loader gives a new object each time), however often React runs the effect.
  const asked = useRef<object | null>(null);
  const { confirm } = secondFactor;
  useEffect(() => {
    if (!failed.wantsCode || asked.current === failed) return;
    asked.current = failed;
    void confirm().then(async (confirmed) => {
      if (confirmed) await revalidate();
    });
  }, [failed, confirm, revalidate]);
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <span>{failed.error}</span>
      <Button variant="outline-danger" size="sm" onClick={() => void revalidate()}>
        Try again
      </Button>
      {secondFactor.dialog}
    </Alert>
  );
}
