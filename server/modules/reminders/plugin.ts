import type { FastifyInstance } from 'fastify';

import type { Config } from '../../config/config';
import type { PeriodicJob } from '../../lib/periodicJob';
import { createReminderScheduler } from './reminderSweep';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: PeriodicJob;
  }
}

/**
 * The reminder run, every REMINDER_SWEEP_SECONDS from when the app is ready. Register after the mail
 * plugin: a run's queued reminders are handed to the mail worker at once, and the run in progress ends
 * before the database closes.
 */
export function registerReminders(app: FastifyInstance, config: Config): void {
  const scheduler = createReminderScheduler({
    db: app.db,
    mail: { publicUrl: config.publicUrl, dailyLimit: config.mailDailyLimit, leadDays: config.leadDays },
    everyMs: config.reminderSweepMs,
    log: app.log.child({ job: 'reminders' }),
    onQueued: () => app.mailWorker.kick(),
  });
  app.decorate('reminders', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());
}
