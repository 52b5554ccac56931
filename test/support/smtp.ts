import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port (the smtp-server package), so mail tests exercise
 * nodemailer and the network rather than a mock. `mode` decides how it meets the next messages:
 * accept them, refuse them with a temporary error (451), or hang (accept the connection and never
 * greet, as a stuck server does).
 */
export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  mode: 'accept' | 'refuse' | 'hang';
  /** Connections it is holding without an answer (mode 'hang'). */
  readonly hanging: number;
  /** Resolves at the next connection the server hangs on. */
  nextHang(): Promise<void>;
  /** Answers the connections it hung on with an error, so their clients move on. */
  releaseHung(): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const held: Array<() => void> = [];
  let hangWaiters: Array<() => void> = [];
  const state = { mode: 'accept' as TestSmtp['mode'] };

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Greeting only when released: 'hang' keeps the client waiting for it.
    onConnect(_session, callback) {
      if (state.mode !== 'hang') return callback();
      held.push(() => callback(new Error('closing')));
      for (const w of hangWaiters) w();
      hangWaiters = [];
    },
    onRcptTo(_address, _session, callback) {
      if (state.mode === 'refuse') {
        const refusal = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        return callback(refusal);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    get hanging() {
      return held.length;
    },
    nextHang: () => new Promise<void>((resolve) => hangWaiters.push(resolve)),
    releaseHung() {
      for (const release of held.splice(0)) release();
    },
    async close() {
      for (const release of held.splice(0)) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
