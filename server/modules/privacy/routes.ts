import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';
import { NO_CUSTOMER_ERROR, WRONG_PASSWORD_ERROR } from '#contract/privacy';

import { emailIs, qb, rowsOf } from '../../db/queryBuilder';
import { apiRoute } from '../../lib/apiRoute';
import { HttpError } from '../../lib/errors';
import { perCustomerKey } from '../../plugins/rateLimits';
import { confirmOwnPassword, passwordCheckSettings } from '../accounts/passwordChange';
import { sessionOf, sessionRefused, sessionScope } from '../accounts/sessionAuth';
import { exportCustomerData } from './customerExport';
import { findCustomerByEmail } from './customerLookup';
import { eraseAccount } from './erasure';

/** A customer may download their data this many times per window: enough to retry, not to load the server. */
const EXPORTS_PER_WINDOW = 5;
const EXPORT_WINDOW = '15 minutes';

/**
 * The customer's own data: the export and the erasure of their account; staff's lookup of a customer by email and
 * erasure on their request (docs/privacy.md).
 */
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    sessionScope('customer', async (app) => {
      const exportLimit = app.rateLimit({
        max: EXPORTS_PER_WINDOW,
        timeWindow: EXPORT_WINDOW,
        keyGenerator: (request: FastifyRequest) => perCustomerKey('export', sessionOf(request).subjectId),
      });

      apiRoute(app, api.exportMyData, { onRequest: exportLimit }, async (request, reply) => {
        const data = await exportCustomerData(app.db, sessionOf(request).subjectId);
        const day = data.exportedAt.slice(0, 10);
        void reply
          .header('content-disposition', `attachment; filename="giftwise-data-${day}.json"`)
          .header('cache-control', 'no-store');
        return data;
      });

      // The password is asked again, so limited like sign-in, per address and per account: a borrowed session
      // cannot guess its way to erasing.
      const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
      apiRoute(app, api.deleteAccount, { config: limited }, async (request) => {
        const session = sessionOf(request);
        const userId = session.subjectId;
        await confirmOwnPassword(
          app.db,
          session,
          request.body.password,
          passwordCheckSettings(app),
          WRONG_PASSWORD_ERROR,
        );
        const ordersKept = await eraseAccount(app.db, userId, { kind: 'customer' });
        if (ordersKept === null) throw sessionRefused('customer');
        return { success: true, ordersKept };
      });
    }),
  );

  await app.register(
    sessionScope('admin', async (app) => {
      apiRoute(app, api.eraseCustomer, {}, async (request) => {
        const [user] = await rowsOf(app.db, qb.selectFrom('users').select('id').where(emailIs(request.body.email)));
        const ordersKept = user
          ? await eraseAccount(app.db, user.id, { kind: 'staff', adminId: sessionOf(request).subjectId })
          : null;
        if (ordersKept === null) throw new HttpError(404, NO_CUSTOMER_ERROR);
        return { success: true, ordersKept };
      });

      // Staff find the account a request is about by its email, whether or not the customer has an order.
      apiRoute(app, api.findCustomer, {}, async (request) => ({
        success: true,
        customer: await findCustomerByEmail(app.db, request.query.email),
      }));
    }),
  );
};

export default privacyRoutes;
