import { createServer } from 'node:http';
import { startSmtpInbox } from '../../apps/server/src/test/smtp-inbox.ts';
import { MAILBOX_PORT, SMTP_PORT } from './mail.ts';

/**
 * The e2e stack's mail server: a real SMTP inbox the app sends to, and a small HTTP endpoint
 * (GET /mails?to=address) through which tests in other processes read what arrived.
 */
export async function startMailInbox() {
  const inbox = await startSmtpInbox({ port: SMTP_PORT });
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/mails') return void response.writeHead(404).end();
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    // No keep-alive: a test that polls again just as an idle connection times out would write
    // into a socket the server is closing, and read ECONNRESET (seen once on a loaded machine).
    response
      .writeHead(200, { 'content-type': 'application/json', connection: 'close' })
      .end(JSON.stringify(inbox.mails.filter((m) => m.to.includes(to))));
  });
  await new Promise<void>((resolve) => http.listen(MAILBOX_PORT, '127.0.0.1', resolve));
  return {
    smtpUrl: inbox.url,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await inbox.close();
    },
  };
}
