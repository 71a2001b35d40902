import type { SignInBody, SignUpBody, UpdateUserInput, UserProfile } from '#contract/auth';

import { request, type ApiAnswer } from './client';

/** The customer account calls (docs/api.md), one function each; the session's own check and sign-out, and the ordering gate's check, are in session.ts. */

export const signIn = (body: SignInBody) =>
  request<ApiAnswer<{ authtoken: string }>>('/api/auth/loginuser', { method: 'POST', body });

export const signUp = (body: SignUpBody) =>
  request<ApiAnswer<{ authtoken: string }>>('/api/auth/createUser', { method: 'POST', body });

export const forgotPassword = (email: string) =>
  request<ApiAnswer>('/api/auth/forgot-password', { method: 'POST', body: { email } });

export const resetPassword = (token: string, password: string) =>
  request<ApiAnswer>('/api/auth/reset-password', { method: 'POST', body: { token, password } });

export const getUserDetails = () =>
  request<ApiAnswer<{ data: UserProfile }>>('/api/auth/getUserDetails', { auth: 'customer' });

export const updateUser = (body: UpdateUserInput) =>
  request<ApiAnswer>('/api/auth/updateUser', { method: 'PUT', auth: 'customer', body });
