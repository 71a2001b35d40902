import type { ProposeGiftInput } from '#contract/proposals';
import * as routes from '#contract/routes';

import { call } from './client';

/** A gift proposal's calls (docs/api.md): staff propose; the customer approves or asks for something else. */

export const proposeGift = (id: string, body: ProposeGiftInput) => call(routes.proposeGift, { params: { id }, body });

export const approveProposal = (id: string) => call(routes.approveProposal, { params: { id } });

export const declineProposal = (id: string, note: string) =>
  call(routes.declineProposal, { params: { id }, body: { note } });
