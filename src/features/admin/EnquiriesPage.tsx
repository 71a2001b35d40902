import { useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';

import { PageSpinner } from '@/components/PageSpinner';
import { useLoadAlert } from '@/hooks/useLoadAlert';

import { fetchEnquiryCounts, fetchEnquiryPage } from './enquiriesData';
import { EnquiryList } from './EnquiryList';
import { EnquiryTabs, parseEnquiryType, TYPE_PARAM } from './EnquiryTabs';

import './admin.css';

/** The newest enquiries of the type in ?type= (Hiring when none), and each tab's count. */
export async function loader({ request }: LoaderFunctionArgs) {
  const type = parseEnquiryType(new URL(request.url).searchParams.get(TYPE_PARAM));
  const [first, counts] = await Promise.all([
    fetchEnquiryPage(type, null, 'Loading requests', request.signal),
    fetchEnquiryCounts(),
  ]);
  return { type, first, counts };
}

/**
 * The enquiries screen (/requests: the spec's address and title say "Requests"): enquiries sent from the footer and
 * the contact page, one tab per kind, newest first.
 */
export default function EnquiriesPage() {
  const { type, first, counts } = useLoaderData<typeof loader>();
  // A list that wants a code asks for it (ListLoadFailed) rather than alerting.
  useLoadAlert(first, first.ok || first.wantsCode ? null : first.alert);
  return (
    <EnquiryTabs type={type} counts={counts}>
      <EnquiryList type={type} first={first} />
    </EnquiryTabs>
  );
}

/** While the enquiries of a first visit load. */
export function HydrateFallback() {
  const [params] = useSearchParams();
  const type = parseEnquiryType(params.get(TYPE_PARAM));
  return (
    <EnquiryTabs type={type}>
      <PageSpinner label={`Loading ${type} requests…`} />
    </EnquiryTabs>
  );
}
