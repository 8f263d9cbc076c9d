import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './test-app';

export interface CapturedMail {
  /** The SMTP envelope's recipients (RCPT TO): where the mail was really delivered. */
  readonly envelopeTo: string[];
  /** The addresses of the To header, as a mail client would show them. */
  readonly headerTo: string[];
  readonly subject: string;
  readonly text: string;
}

export interface SmtpCapture {
  readonly url: string;
  readonly mails: CapturedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 keeping every mail it is given, for the API's SMTP_URL in tests. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((field) => field.value.map((entry) => entry.address ?? ''));
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          headerTo: to,
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface MailStore {
  /** The store (set before the file's first test), sending its mail to `smtp`. */
  t: TestApp;
  smtp: SmtpCapture;
}

/**
 * For one test file: the store on a database of its own, delivering mail to an SMTP capture of its
 * own, both started before the file's tests and stopped after them. Read its fields inside tests.
 */
export function storeWithSmtpCapture(env: Record<string, string> = {}): MailStore {
  const store = {} as MailStore;
  beforeAll(async () => {
    store.smtp = await startSmtpCapture();
    store.t = await createTestApp({ env: { SMTP_URL: store.smtp.url, PUBLIC_URL: 'http://store.test', ...env } });
  });
  afterAll(async () => {
    await store.t?.close();
    await store.smtp?.close();
  });
  return store;
}
