import { setupServer } from 'msw/node';

import * as routes from '#contract/routes';
import { toDateKey } from '@/components/orderForm/orderFormValues';

import { mockRoute } from './mockRoute';

/**
 * Every order dialog reads the lead times when it opens: unless a test says otherwise, no option needs any (the form
 * then offers days from today, as before lead times).
 */
const noLeadTimes = mockRoute(routes.getLeadTimes, () => ({
  success: true,
  today: toDateKey(new Date()),
  leadDays: { None: 0, Flowers: 0, Chocolate: 0, Cake: 0, Giftcard: 0 },
}));

/**
 * MSW server for component tests; each test adds the handlers it needs, answering as the real API does (docs/api.md).
 * It starts with (and resetHandlers goes back to) the lead times alone.
 */
export const server = setupServer(noLeadTimes);
