import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { api } from '#contract/api';
import { isProfileComplete } from '#contract/orderingProfile';

import { apiRoute } from '../../lib/apiRoute';
import { HttpError } from '../../lib/errors';
import { createUser, getProfile, updateProfile } from './accounts';
import { presentedDevice } from './deviceCredentials';
import { customerDeviceRoutes } from './deviceRoutes';
import { ALREADY_VERIFIED, mailStatus, sendVerificationLink, verifyEmail } from './emailVerification';
import { changeOwnPassword, passwordCheckSettings } from './passwordChange';
import { requestPasswordReset, resetPassword } from './passwordReset';
import { getPreferences, updatePreferences } from './preferences';
import { sessionOf, sessionScope, startSignedInSession } from './sessionAuth';
import { revokeSession } from './sessions';
import { checkPassword, clearSignInFailures } from './signInThrottle';

/** Customer accounts: /api/auth/* (docs/api.md), with logout, password reset and the customer's preferences. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
  const cap = app.config.recipientMailCap;
  const linkSettings = { publicUrl: app.config.publicUrl, linkHours: app.config.emailVerification.linkHours, cap };
  const passwordCheck = passwordCheckSettings(app);

  apiRoute(app, api.signUp, { config: limited }, async (request, reply) => {
    const userId = await createUser(app.db, request.body);
    await app.db.transaction((tx) => sendVerificationLink(tx, userId, linkSettings));
    // The browser that signed up is the owner's: it gets a device credential as a sign-in's does.
    const signedIn = await startSignedInSession(app, request, 'customer', userId, null);
    app.mailWorker.kick();
    return reply.code(201).send({ success: true, ...signedIn });
  });

  apiRoute(app, api.signIn, { config: limited }, async (request) => {
    const { lookup, account } = await checkPassword(
      app.db,
      'customer',
      request.body,
      passwordCheck.throttle,
      passwordCheck.notice,
      presentedDevice(request),
    );
    await clearSignInFailures(app.db, 'customer', lookup);
    return { success: true, ...(await startSignedInSession(app, request, 'customer', account.id, lookup.device)) };
  });

  apiRoute(app, api.forgotPassword, { config: limited }, async (request) => {
    await requestPasswordReset(app.db, { publicUrl: app.config.publicUrl, cap }, request.body.email);
    // Every email kicks the worker, known or not: the same work either way.
    app.mailWorker.kick();
    return { success: true };
  });

  apiRoute(app, api.resetPassword, { config: limited }, async (request) => {
    await resetPassword(app.db, request.body.token, request.body.password);
    return { success: true };
  });

  apiRoute(app, api.verifyEmail, { config: limited }, async (request) => {
    await verifyEmail(app.db, request.body.token);
    return { success: true };
  });

  // Everything else needs a live customer session, checked before the body is even read.
  await app.register(
    sessionScope('customer', async (app) => {
      apiRoute(app, api.signOut, {}, async (request) => {
        await revokeSession(app.db, sessionOf(request).tokenHash);
        return { success: true };
      });

      apiRoute(app, api.checkAuth, {}, async () => ({ success: true }));

      await app.register(customerDeviceRoutes);
      // Rate limited like sign-in per address; the current password also counts in the account's throttle.
      apiRoute(app, api.changePassword, { config: limited }, async (request) => {
        await changeOwnPassword(app.db, sessionOf(request), request.body, passwordCheck);
        return { success: true };
      });

      apiRoute(app, api.isProfileFilled, {}, async (request) => {
        const profile = await getProfile(app.db, sessionOf(request).subjectId);
        return {
          success: true,
          isProfileFilled: isProfileComplete(profile),
          email: profile.email,
          name: profile.name,
        };
      });

      apiRoute(app, api.getUserDetails, {}, async (request) => ({
        success: true,
        data: await getProfile(app.db, sessionOf(request).subjectId),
      }));

      apiRoute(app, api.updateUser, {}, async (request) => {
        await updateProfile(app.db, sessionOf(request).subjectId, request.body);
        return { success: true };
      });

      // Limited per account (an hour) and per client address (a minute): each success emails the address.
      const resendLimit = app.rateLimit({
        max: app.config.emailVerification.resendPerHour,
        timeWindow: '1 hour',
        keyGenerator: (request: FastifyRequest) => `verify-resend:${sessionOf(request).subjectId}`,
      });
      apiRoute(app, api.resendVerification, { config: limited, onRequest: resendLimit }, async (request) => {
        const sent = await app.db.transaction((tx) =>
          sendVerificationLink(tx, sessionOf(request).subjectId, linkSettings),
        );
        if (!sent) throw new HttpError(409, ALREADY_VERIFIED);
        app.mailWorker.kick();
        return { success: true };
      });

      apiRoute(app, api.getMailStatus, {}, async (request) =>
        mailStatus(app.db, sessionOf(request).subjectId, app.config.mailDailyLimit),
      );

      apiRoute(app, api.getPreferences, {}, async (request) => ({
        success: true as const,
        ...(await getPreferences(app.db, sessionOf(request).subjectId)),
      }));

      apiRoute(app, api.updatePreferences, {}, async (request) => {
        const { success: _ignored, ...changes } = request.body;
        const session = sessionOf(request);
        const userId = session.subjectId;
        await updatePreferences(app.db, userId, changes, {
          sessionTokenHash: session.tokenHash,
          freshMinutes: app.config.resubscribeSignInMinutes,
          publicUrl: app.config.publicUrl,
        });
        return { success: true as const, ...(await getPreferences(app.db, userId)) };
      });
    }),
  );
};

export default accountRoutes;
