import type { BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { addressOf, call } from './client';
import { withDeviceCredential } from './deviceCredential';
import type { DeviceCalls } from './devices';
import { downloadFile } from './download';

/** The customer account calls (docs/api.md), one function each; the session's own check and sign-out, and the ordering gate's check, are in session.ts. */

/** Signs in with this browser's device credential, keeping the one the answer brings (./deviceCredential.ts). */
export const signIn = (body: BodyOf<'signIn'>) =>
  withDeviceCredential('customer', (options) => call(routes.signIn, { body }, options));

export const signUp = (body: BodyOf<'signUp'>) =>
  withDeviceCredential('customer', (options) => call(routes.signUp, { body }, options));

export const forgotPassword = (email: string) => call(routes.forgotPassword, { body: { email } });

export const resetPassword = (token: string, password: string) =>
  call(routes.resetPassword, { body: { token, password } });

export const getUserDetails = () => call(routes.getUserDetails);

export const updateUser = (body: BodyOf<'updateUser'>) => call(routes.updateUser, { body });

/** Everything stored about the customer, as a JSON file (docs/privacy.md). */
export const downloadMyData = () => downloadFile(addressOf(routes.exportMyData), 'customer', 'giftwise-data.json');

/** Deletes the account for good; the current password is asked again. */
export const deleteAccount = (password: string) => call(routes.deleteAccount, { body: { password } });

/** Changes the password (the current one is asked); the other sessions end. */
export const changePassword = (body: BodyOf<'changePassword'>) => call(routes.changePassword, { body });

/** The customer's signed-in devices (src/components/devices/SignedInDevices.tsx). */
export const customerDevices: DeviceCalls = {
  list: () => call(routes.listSessions),
  endOne: (id) => call(routes.endSession, { params: { id } }),
  endOthers: () => call(routes.endOtherSessions),
};
