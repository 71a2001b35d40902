import { PageSpinner } from '@/components/PageSpinner';

/** What /people and a person's page show while they load. */
export function PeopleLoading() {
  return <PageSpinner label="Loading your people…" />;
}
