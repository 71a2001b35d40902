import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordBody,
  resetPasswordBody,
  signInBody,
  signUpBody,
  updateUserBody,
} from '@/contract/auth';
import { HttpError } from '../errors';
import { requireSession, sessionOf } from '../plugins/auth';
import { authenticateUser, createUser, getProfile, isProfileComplete, updateProfile } from '../services/accounts';
import { requestPasswordReset, resetPassword } from '../services/passwordReset';
import { createSession, revokeSession } from '../services/sessions';

/** Customer accounts: SPEC.md §7 /api/auth/* plus logout and password reset. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const customer = requireSession(app, 'customer');
  const limited = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };

  app.post('/api/auth/createUser', { schema: { body: signUpBody }, config: limited }, async (request, reply) => {
    const userId = await createUser(app.db, request.body);
    const authtoken = await createSession(app.db, 'customer', userId);
    return reply.code(201).send({ success: true, authtoken });
  });

  app.post('/api/auth/loginuser', { schema: { body: signInBody }, config: limited }, async (request) => {
    const userId = await authenticateUser(app.db, request.body.email, request.body.password);
    if (!userId) throw new HttpError(401, 'Email or password is incorrect');
    return { success: true, authtoken: await createSession(app.db, 'customer', userId) };
  });

  app.post('/api/auth/logout', { preHandler: customer }, async (request) => {
    await revokeSession(app.db, sessionOf(request).tokenHash);
    return { success: true };
  });

  app.get('/api/auth/check', { preHandler: customer }, async () => ({ success: true }));

  app.get('/api/auth/isProfileFilled', { preHandler: customer }, async (request) => {
    const profile = await getProfile(app.db, sessionOf(request).subjectId);
    return { success: true, isProfileFilled: isProfileComplete(profile), email: profile.email, name: profile.name };
  });

  app.get('/api/auth/getUserDetails', { preHandler: customer }, async (request) => ({
    success: true,
    data: await getProfile(app.db, sessionOf(request).subjectId),
  }));

  app.put('/api/auth/updateUser', { preHandler: customer, schema: { body: updateUserBody } }, async (request) => {
    await updateProfile(app.db, sessionOf(request).subjectId, request.body);
    return { success: true };
  });

  app.post('/api/auth/forgot-password', { schema: { body: forgotPasswordBody }, config: limited }, async (request) => {
    await requestPasswordReset(app.db, app.mailer, app.config.publicUrl, request.body.email);
    return { success: true };
  });

  app.post('/api/auth/reset-password', { schema: { body: resetPasswordBody }, config: limited }, async (request) => {
    await resetPassword(app.db, request.body.token, request.body.password);
    return { success: true };
  });
};

export default authRoutes;
