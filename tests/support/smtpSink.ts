import net from 'node:net';

export interface SinkMessage {
  from: string;
  to: string[];
  /** The raw message as sent after DATA (headers and body), dot-stuffing undone. */
  data: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  messages: SinkMessage[];
  /** Connections accepted so far (a slow or refusing test server still counts them). */
  connections: number;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on loopback that accepts every message and keeps it in memory: enough for
 * nodemailer over plain SMTP (no TLS, no auth). `greetingDelayMs` makes it a slow server; `port`
 * reuses a known port (to bring up a server where one was down).
 */
export async function startSmtpSink(options: { port?: number; greetingDelayMs?: number } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const sockets = new Set<net.Socket>();
  const sink = { messages, connections: 0 };
  const server = net.createServer((socket) => {
    sink.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: SinkMessage = { from: '', to: [], data: '' };
    const dataLines: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push({ ...current, data: dataLines.join('\r\n') });
            dataLines.length = 0;
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else {
            dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-sink.test\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CRLF>.<CRLF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
    const greet = () => {
      if (!socket.destroyed) reply('220 sink.test ESMTP');
    };
    if (options.greetingDelayMs) setTimeout(greet, options.greetingDelayMs);
    else greet();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return Object.assign(sink, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A loopback port with nothing listening on it (taken from the OS, then let go). */
export async function closedPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}
