import { useNavigation } from 'react-router-dom';

import { useLoadHeld } from '../heldLoads';

/**
 * A thin bar while a lazy screen loads, so a slow network never looks like a dead click. Not while the
 * load is held for want of the server: nothing is loading then, and ServerUnreachableAlert says so.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const held = useLoadHeld();
  if (navigation.state === 'idle' || held) return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
