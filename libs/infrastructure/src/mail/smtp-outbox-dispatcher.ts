import { createTransport, type Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import { singleMailbox } from './single-mailbox';

interface PendingMail {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

const MAX_ATTEMPTS = 8;

/**
 * Delivers the outbox over SMTP (nodemailer). Rows are claimed with SKIP LOCKED so several API
 * instances share the work without sending a mail twice; a failure is retried with growing delays.
 */
export class SmtpOutboxDispatcher {
  private readonly transport: Transporter;

  constructor(
    private readonly dataSource: DataSource,
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(smtpUrl);
  }

  /** Sends up to `limit` due mails; returns how many were sent. */
  async deliverDue(limit = 20): Promise<number> {
    let sent = 0;
    for (let index = 0; index < limit; index++) {
      const delivered = await this.dataSource.transaction(async (db) => {
        const [mail]: PendingMail[] = await db.query(
          `SELECT id, recipient, subject, text_body, html_body, attempts FROM mail_outbox
           WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $1
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [MAX_ATTEMPTS],
        );
        if (!mail) return null;
        const recipient = singleMailbox(mail.recipient);
        if (!recipient) {
          // Never split into several recipients (a row from before addresses were checked as one
          // mailbox could name a victim), and never retried: waiting will not make it one.
          await db.query(`UPDATE mail_outbox SET attempts = $2, last_error = $3 WHERE id = $1`, [
            mail.id,
            MAX_ATTEMPTS,
            'Not sent: the recipient is not exactly one mailbox',
          ]);
          return false;
        }
        try {
          await this.transport.sendMail({
            from: this.from,
            to: recipient,
            // The envelope is the one recipient the server delivers to, whatever a header says.
            envelope: { from: this.from, to: [recipient] },
            subject: mail.subject,
            text: mail.text_body,
            ...(mail.html_body ? { html: mail.html_body } : {}),
          });
          await db.query(`UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1`, [mail.id]);
          return true;
        } catch (error) {
          const delaySeconds = 2 ** (mail.attempts + 1) * 5;
          await db.query(
            `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
            [mail.id, String((error as Error).message).slice(0, 500), delaySeconds],
          );
          return false;
        }
      });
      if (delivered === null) break;
      if (delivered) sent += 1;
    }
    return sent;
  }

  close(): void {
    this.transport.close();
  }
}
