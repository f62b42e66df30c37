import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text part (the whole body of a single-part mail). */
  text: string;
  /** The HTML part, or '' when there is none. */
  html: string;
  /** Every header of the mail, by lower-case name (unfolded). */
  headers: Record<string, string>;
}

export interface SmtpInbox {
  /** The SMTP_URL that delivers here. */
  url: string;
  mails: ReceivedMail[];
  /** The first mail (already received or still to come) addressed to `address`. */
  mailTo(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function splitEntity(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(split + 4) };
}

/** A part's body as text, decoded from 7bit, quoted-printable or base64. */
function decode(body: string, encoding: string) {
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : Buffer.from(body, 'latin1').toString('utf8');
  return text.replace(/\r\n/g, '\n');
}

/** The text/plain and text/html parts of an entity, multipart ones (as nodemailer writes them) looked into. */
function parts(headers: Record<string, string>, body: string): { text: string; html: string } {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const found = { text: '', html: '' };
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitEntity(chunk.replace(/^\r\n/, ''));
      const inner = parts(part.headers, part.body.replace(/\r\n$/, ''));
      found.text ||= inner.text;
      found.html ||= inner.html;
    }
    return found;
  }
  const decoded = decode(body, (headers['content-transfer-encoding'] ?? '').toLowerCase());
  return /^text\/html/i.test(type) ? { text: '', html: decoded } : { text: decoded, html: '' };
}

/** Reads a mail as nodemailer writes it: headers, and its text and HTML parts. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const { headers, body } = splitEntity(raw);
  return { to, subject: headers.subject ?? '', ...parts(headers, body), headers };
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives, for tests. */
export async function startSmtpInbox({ port = 0 }: { port?: number } = {}): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust in tests.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    // Closing drops the connections a pooled sender keeps open at once, as a server going down would.
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('latin1'),
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        );
        mails.push(mail);
        for (const waiter of waiting.filter((w) => mail.to.includes(w.address))) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  // A client killed mid-conversation (the fault tests SIGKILL the server) resets its connection:
  // smtp-server reports that as an 'error', which unheard would be an uncaught exception.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET') throw error;
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    mailTo(to) {
      const wanted = to.toLowerCase();
      const found = mails.find((mail) => mail.to.includes(wanted));
      return found ? Promise.resolve(found) : new Promise((resolve) => waiting.push({ address: wanted, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
