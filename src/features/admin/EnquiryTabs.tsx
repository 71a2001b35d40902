import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useSearchParams } from 'react-router-dom';

import type { EnquiryCounts, EnquiryType } from '#contract/enquiries';
import { usePageMeta } from '@/hooks/usePageMeta';

import { CustomerDataRequests } from './CustomerDataRequests';

/** The enquiries screen's tab bar, in this order; "Brand Partners" holds the type 'Brand Partner'. */
const TABS: ReadonlyArray<{ label: string; type: EnquiryType }> = [
  { label: 'Hiring', type: 'Hiring' },
  { label: 'Contact Us', type: 'Contact Us' },
  { label: 'Support', type: 'Support' },
  { label: 'Brand Partners', type: 'Brand Partner' },
];

/** The address's parameter that names the tab shown (/requests?type=Support). */
export const TYPE_PARAM = 'type';

/** The enquiry type an address asks for: Hiring when it names none, or none the tabs know. */
export function parseEnquiryType(value: string | null): EnquiryType {
  return TABS.find((t) => t.type === value)?.type ?? TABS[0].type;
}

/**
 * The enquiries screen (/requests, titled "Requests" as the spec says): the lookup for customer data requests, then
 * the tab bar; `children` fill the tab of `type`. Choosing a tab puts its type in the address. `counts` (none while loading, or when they could not be had)
 * are shown beside the tabs' names.
 */
export function EnquiryTabs({
  type,
  counts = null,
  children,
}: {
  type: EnquiryType;
  counts?: EnquiryCounts | null;
  children: ReactNode;
}) {
  usePageMeta('Requests', 'Giftwise admin: enquiries from visitors — hiring, contact, support and brand partners.');
  const [, setParams] = useSearchParams();
  return (
    <Container className="py-4">
      <h1 className="h3 mb-3">Requests</h1>
      <CustomerDataRequests />
      <Tabs
        id="requests-tabs"
        activeKey={type}
        onSelect={(key) => key && setParams({ [TYPE_PARAM]: key })}
        className="mb-4 admin-tabs"
        mountOnEnter
        unmountOnExit
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.type}
            eventKey={tab.type}
            title={
              <>
                {tab.label}
                {counts && ' '}
                {counts && (
                  <span className="badge rounded-pill text-bg-secondary">
                    {counts[tab.type].toLocaleString('en-US')}
                  </span>
                )}
              </>
            }
          >
            {tab.type === type && children}
          </Tab>
        ))}
      </Tabs>
    </Container>
  );
}
