import net from 'node:net';

export interface FakeSmtp {
  readonly url: string;
  /** Messages accepted (raw DATA). */
  readonly received: string[];
  /** How many of the next transactions to refuse with a 451 (Infinity: all of them). */
  failNext: number;
  /** Transactions refused so far. */
  refused: number;
  close(): Promise<void>;
}

/**
 * A scripted SMTP server, just enough of RFC 5321 for nodemailer: it accepts or refuses (451,
 * a temporary failure) each transaction, so tests can make the real SMTP path fail on demand.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const sockets = new Set<net.Socket>();
  const state: FakeSmtp = {
    url: '',
    received: [],
    failNext: 0,
    refused: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake.local ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            state.received.push(data.join('\n'));
            data = [];
            reply('250 2.0.0 queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake.local');
        else if (verb === 'MAIL') {
          if (state.failNext > 0) {
            state.failNext -= 1;
            state.refused += 1;
            reply('451 4.3.0 try again later');
          } else reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') reply('250 2.1.5 OK');
        else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return Object.assign(state, { url: `smtp://127.0.0.1:${address.port}` });
}
