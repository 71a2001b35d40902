import type { AnswerOf } from '#contract/api';

/**
 * Signed-in devices (docs/api.md): the same three calls for a customer (customerDevices in ./auth.ts) and for an
 * admin (adminDevices in ./admin.ts), each on its own token. Types only: the calls live with their area's others,
 * so the build makes no chunk of their own.
 */
export interface DeviceCalls {
  list: () => Promise<AnswerOf<'listSessions'> | AnswerOf<'listAdminSessions'>>;
  endOne: (id: string) => Promise<AnswerOf<'endSession'> | AnswerOf<'endAdminSession'>>;
  endOthers: () => Promise<AnswerOf<'endOtherSessions'> | AnswerOf<'endOtherAdminSessions'>>;
}
