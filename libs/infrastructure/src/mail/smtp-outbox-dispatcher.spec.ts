import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { PostgresMailOutbox } from '../persistence/repositories/typeorm-sign-in.repositories';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { SmtpOutboxDispatcher } from './smtp-outbox-dispatcher';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ seed: false });
});
afterAll(() => db?.drop());

async function smtpServer(options: { reject?: boolean } = {}) {
  const received: { to: string; subject: string; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        if (options.reject) return callback(new Error('Mailbox unavailable'));
        received.push({ to: (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text ?? '', subject: mail.subject ?? '', text: (mail.text ?? '').trim() });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SmtpOutboxDispatcher', () => {
  it('delivers queued mail over SMTP once, even with two dispatchers at work', async () => {
    const smtp = await smtpServer();
    const outbox = new PostgresMailOutbox(db.dataSource);
    for (let index = 1; index <= 5; index++) {
      await outbox.enqueue({ to: `shopper${index}@example.com`, subject: `Message ${index}`, text: `Body ${index}` });
    }
    const first = new SmtpOutboxDispatcher(db.dataSource, smtp.url, 'Store <store@example.com>');
    const second = new SmtpOutboxDispatcher(db.dataSource, smtp.url, 'Store <store@example.com>');
    try {
      const sent = await Promise.all([first.deliverDue(), second.deliverDue()]);
      expect(sent[0] + sent[1]).toBe(5);
      expect(smtp.received.map((mail) => mail.subject).sort()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
      expect(smtp.received.find((mail) => mail.subject === 'Message 3')).toMatchObject({ to: 'shopper3@example.com', text: 'Body 3' });
      expect(await first.deliverDue()).toBe(0);
      const [{ pending }] = await db.dataSource.query(`SELECT count(*)::int AS pending FROM mail_outbox WHERE sent_at IS NULL`);
      expect(pending).toBe(0);
    } finally {
      first.close();
      second.close();
      await smtp.close();
    }
  });

  it('keeps a mail the server refused, with the reason, for a later retry', async () => {
    const smtp = await smtpServer({ reject: true });
    await new PostgresMailOutbox(db.dataSource).enqueue({ to: 'bounce@example.com', subject: 'Refused', text: 'x' });
    const dispatcher = new SmtpOutboxDispatcher(db.dataSource, smtp.url, 'store@example.com');
    try {
      expect(await dispatcher.deliverDue()).toBe(0);
      const [row] = await db.dataSource.query(
        `SELECT attempts, sent_at, last_error, next_attempt_at > now() AS later FROM mail_outbox WHERE recipient = 'bounce@example.com'`,
      );
      expect(row).toMatchObject({ attempts: 1, sent_at: null, later: true });
      expect(row.last_error).toMatch(/Mailbox unavailable/);
      expect(await dispatcher.deliverDue()).toBe(0);
    } finally {
      dispatcher.close();
      await smtp.close();
    }
  });
});
