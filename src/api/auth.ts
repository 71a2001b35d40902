import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call } from './client';

/** The customer account calls (docs/api.md), one function each; the session's own check and sign-out, and the ordering gate's check, are in session.ts. */

export const signIn = (body: BodyOf<'signIn'>) => call(routes.signIn, { body });

export const signUp = (body: BodyOf<'signUp'>) => call(routes.signUp, { body });

export const forgotPassword = (email: string) => call(routes.forgotPassword, { body: { email } });

export const resetPassword = (token: string, password: string) =>
  call(routes.resetPassword, { body: { token, password } });

export const getUserDetails = () => call(routes.getUserDetails);

export const updateUser = (body: BodyOf<'updateUser'>) => call(routes.updateUser, { body });
