import * as routes from '#contract/routes';

import { call } from './client';

/** Email verification and what mail reaches the customer (docs/api.md). */

/** Posts a verification link's token: the token travels in the body, never in an address the server logs. */
export const verifyEmail = (token: string) => call(routes.verifyEmail, { body: { token } });

export const resendVerification = () => call(routes.resendVerification);

export const getMailStatus = () => call(routes.getMailStatus);
