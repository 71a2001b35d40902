import { useNavigation } from 'react-router-dom';

/** A thin bar while a lazy screen loads, so a slow network never looks like a dead click. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
