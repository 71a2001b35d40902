import type { IsProfileFilledAnswer, SignInBody, SignUpBody, UpdateUserInput, UserProfile } from '#contract/auth';

import { request, requestAnswered, type ApiAnswer } from './client';

/** The customer account calls (docs/api.md), one function each. */

/** Answered with its status: only the server's refusal of the session may drop the token (see session.ts). */
export const checkAuth = () =>
  requestAnswered<ApiAnswer>('/api/auth/check', {
    auth: 'customer',
    // The auth check goes in cors mode, uncached, without a referrer.
    init: { mode: 'cors', cache: 'no-store', referrerPolicy: 'no-referrer' },
  });

export const isProfileFilled = () =>
  request<ApiAnswer<Omit<IsProfileFilledAnswer, 'success'>>>('/api/auth/isProfileFilled', { auth: 'customer' });

export const signIn = (body: SignInBody) =>
  request<ApiAnswer<{ authtoken: string }>>('/api/auth/loginuser', { method: 'POST', body });

export const signUp = (body: SignUpBody) =>
  request<ApiAnswer<{ authtoken: string }>>('/api/auth/createUser', { method: 'POST', body });

export const signOut = () => request<ApiAnswer>('/api/auth/logout', { method: 'POST', auth: 'customer' });

export const forgotPassword = (email: string) =>
  request<ApiAnswer>('/api/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  request<ApiAnswer>('/api/auth/reset-password', { method: 'POST', body: { token, password } });

export const getUserDetails = () =>
  request<ApiAnswer<{ data: UserProfile }>>('/api/auth/getUserDetails', { auth: 'customer' });

export const updateUser = (body: UpdateUserInput) =>
  request<ApiAnswer>('/api/auth/updateUser', { method: 'PUT', auth: 'customer', body });
