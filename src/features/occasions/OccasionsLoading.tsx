import { PageSpinner } from '@/components/PageSpinner';

/** What /occasions shows while the occasions load. */
export function OccasionsLoading() {
  return <PageSpinner label="Loading your occasions…" />;
}
