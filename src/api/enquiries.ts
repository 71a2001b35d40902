import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call } from './client';

/** Public enquiry intake (footer dialogs and the contact form). */
export const addEnquiry = (body: BodyOf<'addEnquiry'>) => call(routes.addEnquiry, { body });
