import type { FastifyInstance } from 'fastify';

/**
 * Shutting down (app.close()): answers to requests still in flight close their connection, or a
 * client's keep-alive connection would hold the server open until it times out.
 */
export function registerShutdownDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
