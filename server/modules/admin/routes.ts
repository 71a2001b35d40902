import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';

import { apiRoute } from '../../lib/apiRoute';
import { HttpError } from '../../lib/errors';
import { presentedDevice } from '../accounts/deviceCredentials';
import { adminDeviceRoutes } from '../accounts/deviceRoutes';
import { changeOwnPassword, passwordCheckSettings } from '../accounts/passwordChange';
import { sessionOf, sessionScope, startSession, startSignedInSession } from '../accounts/sessionAuth';
import { revokeSession } from '../accounts/sessions';
import { checkPassword, clearSignInFailures, releaseClaim } from '../accounts/signInThrottle';
import { enquiryCounts, listEnquiries } from '../enquiries/enquiries';
import { adminEmail } from './admins';
import { throttledCode } from './codeThrottle';
import { listOrders, openOrdersCsv, orderCounts } from './orderList';
import { bulkChangeStatus, changeOrderStatus, getOrderDetails } from './orderMoves';
import {
  acceptSecondFactor,
  CODE_WANTED,
  confirmEnrolment,
  markSecondFactorPassed,
  secondFactorWanted,
  startEnrolment,
  WRONG_CODE,
} from './secondFactor';

/**
 * The admin area: /api/admin/* (docs/api.md). Every call but login needs an admin token; a token made before the
 * admin enrolled a second factor opens only the check, sign-out and the enrolment calls.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
  const key = app.config.totpEncryptionKey;
  const passwordCheck = passwordCheckSettings(app);
  const orderMail = { publicUrl: app.config.publicUrl, dailyLimit: app.config.mailDailyLimit };

  apiRoute(app, api.adminLogin, { config: limited }, async (request) => {
    const { code, ...credentials } = request.body;
    const { lookup, account, failed } = await checkPassword(
      app.db,
      'admin',
      credentials,
      passwordCheck.throttle,
      passwordCheck.notice,
      presentedDevice(request),
    );
    if (!account.totp_secret) {
      // No second factor yet: a token that opens only its enrolment (and no device credential: not signed in yet).
      await clearSignInFailures(app.db, 'admin', lookup);
      const authtoken = await startSession(app, request, 'admin', account.id, { enrolOnly: true }, lookup.device);
      return { success: true, authtoken, enrolmentRequired: true as const };
    }
    if (!code) {
      // Not a failure: the right password, its code to come in the next request (which claims its own turn).
      await releaseClaim(app.db, 'admin', credentials.email, lookup);
      throw secondFactorWanted(401, CODE_WANTED);
    }
    if (!(await acceptSecondFactor(app.db, account.id, account.totp_secret, key, code))) {
      const refusal = await failed(WRONG_CODE);
      throw secondFactorWanted(401, refusal.message);
    }
    await clearSignInFailures(app.db, 'admin', lookup);
    // Signed in after the second factor: the browser keeps (or gets) its device credential.
    return {
      success: true,
      ...(await startSignedInSession(app, request, 'admin', account.id, lookup.device, { secondFactorPassed: true })),
    };
  });

  // Open to a session that must still enrol, too: the check (which says so), sign-out and the enrolment.
  await app.register(
    sessionScope(
      'admin',
      async (app) => {
        apiRoute(app, api.adminLogout, {}, async (request) => {
          await revokeSession(app.db, sessionOf(request).tokenHash);
          return { success: true };
        });

        apiRoute(app, api.adminCheck, {}, async (request) => {
          const session = sessionOf(request);
          const email = await adminEmail(app.db, session.subjectId);
          return session.enrolOnly
            ? { success: true, email, enrolmentRequired: true as const }
            : { success: true, email };
        });

        apiRoute(app, api.totpSetup, { config: limited }, async (request) => ({
          success: true,
          ...(await startEnrolment(app.db, sessionOf(request), key)),
        }));

        apiRoute(app, api.totpEnrol, { config: limited }, async (request) => {
          const session = sessionOf(request);
          const recoveryCodes = await throttledCode(app.db, session, passwordCheck, () =>
            confirmEnrolment(app.db, session, key, request.body.code),
          );
          if (!recoveryCodes) throw new HttpError(400, WRONG_CODE);
          // The admin's notice of the enrolment was queued with it.
          app.mailWorker.kick();
          return { success: true, recoveryCodes };
        });
      },
      { allowEnrolOnly: true },
    ),
  );

  // Every other call needs a live admin session with its second factor (a customer's never opens it), checked
  // before the body is read.
  await app.register(
    sessionScope('admin', async (app) => {
      apiRoute(app, api.totpVerify, { config: limited }, async (request) => {
        const session = sessionOf(request);
        const accepted = await throttledCode(app.db, session, passwordCheck, async (admin) =>
          admin.totp_secret && (await acceptSecondFactor(app.db, admin.id, admin.totp_secret, key, request.body.code))
            ? true
            : null,
        );
        if (!accepted) throw secondFactorWanted(403, WRONG_CODE);
        await markSecondFactorPassed(app.db, session.tokenHash);
        return { success: true };
      });

      // The admin's own account: signed-in devices and change of password (rate limited like sign-in, and the
      // current password counted in the account's throttle).
      await app.register(adminDeviceRoutes);
      apiRoute(app, api.changeAdminPassword, { config: limited }, async (request) => {
        await changeOwnPassword(app.db, sessionOf(request), request.body, passwordCheck);
        return { success: true };
      });

      apiRoute(app, api.getAdminOrders, {}, async (request) => {
        const { page, limit, cursor, ...filters } = request.body;
        const offset = page && page > 1 ? (page - 1) * limit : undefined;
        const list = await listOrders(app.db, filters, { limit, cursor, offset });
        return {
          success: true,
          data: list.orders,
          page: cursor ? null : (page ?? 1),
          limit,
          hasMore: list.hasMore,
          nextCursor: list.nextCursor,
        };
      });

      apiRoute(app, api.getOrderDetails, {}, async (request) => ({
        success: true,
        ...(await getOrderDetails(app.db, request.body.order_id)),
      }));

      apiRoute(app, api.updateOrderStatus, {}, async (request) => {
        const { status, from: expectedFrom, reason, deliveredOn, note } = request.body;
        const from = await changeOrderStatus(
          app.db,
          request.params.id,
          { to: status, expectedFrom, reason, delivery: { deliveredOn, note } },
          sessionOf(request).subjectId,
          orderMail,
        );
        return { success: true, from, status };
      });

      apiRoute(app, api.getEnquiries, {}, async (request) => {
        const { notes, nextCursor } = await listEnquiries(app.db, request.body.type, request.body.cursor);
        return { success: true, data: notes, nextCursor };
      });

      apiRoute(app, api.getEnquiryCounts, {}, async () => ({ success: true, counts: await enquiryCounts(app.db) }));

      apiRoute(app, api.getOrderCounts, {}, async () => ({ success: true, counts: await orderCounts(app.db) }));

      apiRoute(app, api.bulkUpdateStatus, {}, async (request) => {
        const { ids, status, from: expectedFrom, reason } = request.body;
        const results = await bulkChangeStatus(
          app.db,
          ids,
          { to: status, expectedFrom, reason },
          sessionOf(request).subjectId,
          orderMail,
        );
        return { success: true, results };
      });

      apiRoute(app, api.ordersCsv, {}, async (request, reply) => {
        const filters = request.query;
        // Before any header is set: a failure here is still a plain error answer.
        const lines = await openOrdersCsv(app.db, filters);
        const day = new Date().toISOString().slice(0, 10);
        void reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="giftwise-orders-${filters.status ?? 'all'}-${day}.csv"`)
          .header('cache-control', 'no-store');
        // Typed as the documented CSV text; Fastify pipes the stream as it comes.
        return reply.send(Readable.from(lines) as unknown as string);
      });
    }),
  );
};

export default adminRoutes;
