import { PageSpinner } from '@/components/PageSpinner';

/** What /profile shows while its details load. */
export function ProfileLoading() {
  return <PageSpinner label="Loading your profile…" />;
}
