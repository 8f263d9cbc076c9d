// A real SMTP server for development and tests (like MailHog): it accepts every message on
// 127.0.0.1, parses it, keeps it in memory, and lists it over HTTP as JSON at GET /messages
// (?to=address filters), so tests read the mail the store actually sent.
import { simpleParser } from 'mailparser';
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { freePort } from './embedded-db.mjs';

export async function startMailCatcher({ smtpPort, httpPort, log = () => undefined } = {}) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            id: messages.length + 1,
            from: mail.from?.text ?? '',
            to: (Array.isArray(mail.to) ? mail.to : [mail.to]).filter(Boolean).map((to) => to.text),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: new Date().toISOString(),
          });
          log(`Mail to ${messages.at(-1).to.join(', ')}: ${mail.subject}`);
          callback();
        })
        .catch(callback);
    },
  });
  const smtpListenPort = smtpPort ?? (await freePort());
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpListenPort, '127.0.0.1', resolve);
  });

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? messages.filter((message) => message.to.some((address) => address.toLowerCase().includes(to))) : messages;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(list));
      return;
    }
    response.writeHead(404).end();
  });
  const httpListenPort = httpPort ?? (await freePort());
  await new Promise((resolve) => http.listen(httpListenPort, '127.0.0.1', resolve));

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpListenPort}`,
    httpUrl: `http://127.0.0.1:${httpListenPort}`,
    messages,
    async stop() {
      await new Promise((resolve) => smtp.close(resolve));
      await new Promise((resolve) => http.close(resolve));
    },
  };
}
