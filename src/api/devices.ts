import type { AnswerOf, BodyOf } from '#contract/api';
import * as routes from '#contract/routes';

import { call } from './client';

/** Signed-in devices (docs/api.md): the same three calls for a customer and for an admin, each on its own token. */
export interface DeviceCalls {
  list: () => Promise<AnswerOf<'listSessions'> | AnswerOf<'listAdminSessions'>>;
  endOne: (id: string) => Promise<AnswerOf<'endSession'> | AnswerOf<'endAdminSession'>>;
  endOthers: () => Promise<AnswerOf<'endOtherSessions'> | AnswerOf<'endOtherAdminSessions'>>;
}

export const customerDevices: DeviceCalls = {
  list: () => call(routes.listSessions),
  endOne: (id) => call(routes.endSession, { params: { id } }),
  endOthers: () => call(routes.endOtherSessions),
};

export const adminDevices: DeviceCalls = {
  list: () => call(routes.listAdminSessions),
  endOne: (id) => call(routes.endAdminSession, { params: { id } }),
  endOthers: () => call(routes.endOtherAdminSessions),
};

/** The signed-in admin's new password; their other sessions end. */
export const changeAdminPassword = (body: BodyOf<'changeAdminPassword'>) => call(routes.changeAdminPassword, { body });
