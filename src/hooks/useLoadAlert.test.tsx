import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';

import { spyOnAlert } from '@/test/render';

import { useLoadAlert } from './useLoadAlert';

function Screen({ load }: { load: { alert: string | null } }) {
  useLoadAlert(load, load.alert);
  return null;
}

describe('useLoadAlert', () => {
  it('alerts once for each load that carries a message, StrictMode remount included, and never without one', () => {
    const alert = spyOnAlert();
    const failed = { alert: 'Failed to fetch orders' };
    const { rerender } = render(
      <StrictMode>
        <Screen load={failed} />
      </StrictMode>,
    );
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith('Failed to fetch orders');

    // The same load shown again (a render for another reason) does not alert again.
    rerender(
      <StrictMode>
        <Screen load={failed} />
      </StrictMode>,
    );
    expect(alert).toHaveBeenCalledTimes(1);

    // A load that succeeded says nothing; a new failed load alerts again.
    rerender(
      <StrictMode>
        <Screen load={{ alert: null }} />
      </StrictMode>,
    );
    expect(alert).toHaveBeenCalledTimes(1);
    rerender(
      <StrictMode>
        <Screen load={{ alert: 'Error fetching orders' }} />
      </StrictMode>,
    );
    expect(alert).toHaveBeenCalledTimes(2);
    expect(alert).toHaveBeenLastCalledWith('Error fetching orders');
  });
});
