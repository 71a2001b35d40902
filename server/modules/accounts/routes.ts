import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  forgotPasswordBody,
  isProfileFilledAnswer,
  profileAnswer,
  resetPasswordBody,
  signInBody,
  signUpBody,
  tokenAnswer,
  updateUserBody,
} from '#contract/auth';
import { ok } from '#contract/fields';
import { isProfileComplete } from '#contract/orderingProfile';
import { preferencesAnswer, preferencesUpdate } from '#contract/preferences';

import { HttpError } from '../../lib/errors';
import { answers } from '../../plugins/openapi';
import { authenticateUser, createUser, getProfile, updateProfile } from './accounts';
import { requestPasswordReset, resetPassword } from './passwordReset';
import { getPreferences, updatePreferences } from './preferences';
import { sessionOf, sessionScope } from './sessionAuth';
import { createSession, revokeSession } from './sessions';

/** Customer accounts: /api/auth/* (docs/api.md), with logout, password reset and the customer's preferences. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
  const tags = ['customer accounts'];
  const security = [{ customerToken: [] }];

  app.post(
    '/api/auth/createUser',
    {
      schema: { tags, summary: 'Sign up', body: signUpBody, response: answers(tokenAnswer, [400, 409, 413, 429], 201) },
      config: limited,
    },
    async (request, reply) => {
      const userId = await createUser(app.db, request.body);
      const authtoken = await createSession(app.db, 'customer', userId);
      return reply.code(201).send({ success: true, authtoken });
    },
  );

  app.post(
    '/api/auth/loginuser',
    {
      schema: { tags, summary: 'Sign in', body: signInBody, response: answers(tokenAnswer, [400, 401, 429]) },
      config: limited,
    },
    async (request) => {
      const userId = await authenticateUser(app.db, request.body.email, request.body.password);
      if (!userId) throw new HttpError(401, 'Email or password is incorrect');
      return { success: true, authtoken: await createSession(app.db, 'customer', userId) };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Email a password-reset link (15 minutes, single use)',
        body: forgotPasswordBody,
        response: answers(ok, [400, 429]),
      },
      config: limited,
    },
    async (request) => {
      await requestPasswordReset(app.db, app.config.publicUrl, request.body.email);
      // Every email kicks the worker, known or not: the same work either way.
      app.mailWorker.kick();
      return { success: true };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
        response: answers(ok, [400, 429]),
      },
      config: limited,
    },
    async (request) => {
      await resetPassword(app.db, request.body.token, request.body.password);
      return { success: true };
    },
  );

  // Everything else needs a live customer session, checked before the body is even read.
  await app.register(
    sessionScope('customer', async (app) => {
      app.post(
        '/api/auth/logout',
        { schema: { tags, summary: 'Sign out (revoke this session)', security, response: answers(ok, [401]) } },
        async (request) => {
          await revokeSession(app.db, sessionOf(request).tokenHash);
          return { success: true };
        },
      );

      app.get(
        '/api/auth/check',
        { schema: { tags, summary: 'Is this session alive?', security, response: answers(ok, [401]) } },
        async () => ({ success: true }),
      );

      app.get(
        '/api/auth/isProfileFilled',
        {
          schema: {
            tags,
            summary: 'May this customer order yet?',
            security,
            response: answers(isProfileFilledAnswer, [401]),
          },
        },
        async (request) => {
          const profile = await getProfile(app.db, sessionOf(request).subjectId);
          return {
            success: true,
            isProfileFilled: isProfileComplete(profile),
            email: profile.email,
            name: profile.name,
          };
        },
      );

      app.get(
        '/api/auth/getUserDetails',
        {
          schema: {
            tags,
            summary: 'Read the profile (never the card number or CVV)',
            security,
            response: answers(profileAnswer, [401]),
          },
        },
        async (request) => ({
          success: true,
          data: await getProfile(app.db, sessionOf(request).subjectId),
        }),
      );

      app.put(
        '/api/auth/updateUser',
        {
          schema: {
            tags,
            summary: 'Update the profile',
            security,
            body: updateUserBody,
            response: answers(ok, [400, 401, 413]),
          },
        },
        async (request) => {
          await updateProfile(app.db, sessionOf(request).subjectId, request.body);
          return { success: true };
        },
      );

      app.get(
        '/api/auth/preferences',
        {
          schema: {
            tags,
            summary: 'Reminder and order emails, and the time zone',
            security,
            response: answers(preferencesAnswer, [401]),
          },
        },
        async (request) => ({
          success: true as const,
          ...(await getPreferences(app.db, sessionOf(request).subjectId)),
        }),
      );

      app.put(
        '/api/auth/preferences',
        {
          schema: {
            tags,
            summary: 'Change any of the preferences (those left out keep their value)',
            security,
            body: preferencesUpdate,
            response: answers(preferencesAnswer, [400, 401, 413]),
          },
        },
        async (request) => {
          const { success: _ignored, ...changes } = request.body;
          const userId = sessionOf(request).subjectId;
          await updatePreferences(app.db, userId, changes);
          return { success: true as const, ...(await getPreferences(app.db, userId)) };
        },
      );
    }),
  );
};

export default accountRoutes;
