import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

type Headers = Record<string, string | string[]>;

async function headersOf(withHelmet: FastifyHelmetOptions | null): Promise<Headers> {
  const probe = Fastify({ logger: false });
  if (withHelmet) await probe.register(helmet, withHelmet);
  probe.get('/', async () => '');
  try {
    return (await probe.inject({ method: 'GET', url: '/' })).headers as Headers;
  } finally {
    await probe.close();
  }
}

/**
 * The security headers @fastify/helmet sets for these options, on every response, for a fraction
 * of its cost. @fastify/helmet builds helmet's middleware again for every request (parsing every
 * option and the whole Content-Security-Policy each time): measured, a third of what a
 * hello-world request costs. These headers never depend on the request, so they are worked out
 * once at start-up, by helmet itself on a probe server (so they are exactly helmet's: a test
 * compares them), and then written by one synchronous hook, at the same point helmet writes them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const [plain, secured] = await Promise.all([headersOf(null), headersOf(options)]);
  const headers = Object.entries(secured).filter(([name]) => !(name in plain));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** Giftwise's headers: a strict Content-Security-Policy, no framing, no referrer. */
export function securityHeaderOptions(apiOrigin: string | null): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        // Self, the API host when the SPA was built for another one, and EmailJS (contact form, enquiries).
        connectSrc: ["'self'", ...(apiOrigin ? [apiOrigin] : []), 'https://api.emailjs.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS is added per response (responseHeaders.ts), only on those that really went out over HTTPS.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  };
}
