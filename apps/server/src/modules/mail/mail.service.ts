import type { FastifyInstance } from 'fastify';
import { escapeHtml, type SiteIdentity } from '@inkwell/contracts';
import type { Config } from '../../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (multipart/alternative). */
  html?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** A mail, or what writes it once the site's identity is known (its name in the subject or the text). */
export type MailWriter = Mail | ((site: SiteIdentity) => Mail);

export type SendMail = (mail: MailWriter) => Promise<void>;

export interface Mailer {
  send: SendMail;
  /** Whether mail leaves this server (SMTP_URL is set) rather than going to the log: e-mail verification needs it. */
  canMail: boolean;
  /** This instance's last mail sent and last failure since it started, for the admins' health panel. */
  activity: () => MailActivity;
  /** Closes the pooled SMTP connections; call it when the app closes. */
  close: () => Promise<void>;
}

export interface MailActivity {
  lastSentAt: Date | null;
  lastError: { at: Date; message: string } | null;
}

/**
 * Bounds on each wait for the SMTP server, so a send that hangs fails well within a job's lease
 * (nodemailer's own defaults go up to ten minutes). Settings in SMTP_URL's query win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** MAIL_FROM names its sender (`Name <address>`): the operator chose it, and it stays. */
const NAMED_SENDER = /<[^>]+>\s*$/;

/**
 * Every mail goes out in the site's name: from it (unless MAIL_FROM names a sender), and signed
 * with it and the site's address at the foot, so a reader knows which site wrote, whatever it is called.
 */
function signed(mail: Mail, site: SiteIdentity, { mailFrom, publicUrl }: MailerConfig) {
  const foot = publicUrl ? `${site.name} · ${publicUrl}` : site.name;
  return {
    ...mail,
    from: NAMED_SENDER.test(mailFrom) ? mailFrom : { name: site.name, address: mailFrom },
    text: `${mail.text}\n\n${foot}`,
    ...(mail.html && {
      html: mail.html.replace(/(<\/body>|$)/i, (end) => `<p style="color:#525252">${escapeHtml(foot)}</p>${end}`),
    }),
  };
}

type MailerConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>;

/**
 * A sender of mail through SMTP_URL. Without SMTP the mail goes to the log, so a self-hoster can
 * still read a reset link, and nodemailer (3 MiB of the server's heap) is never loaded. `site`
 * reads the site's identity when a mail is written.
 */
export async function createMailer(
  config: MailerConfig,
  log: { warn: (message: string) => void },
  site: () => Promise<SiteIdentity>,
): Promise<Mailer> {
  const { smtpUrl } = config;
  const activity: MailActivity = { lastSentAt: null, lastError: null };
  /** Writes the mail in the site's name, records how its send ended, and ends as it did. */
  const recorded =
    (send: (mail: ReturnType<typeof signed>) => Promise<void>): SendMail =>
    async (writer) => {
      try {
        const identity = await site();
        await send(signed(typeof writer === 'function' ? writer(identity) : writer, identity, config));
        activity.lastSentAt = new Date();
      } catch (error) {
        activity.lastError = { at: new Date(), message: error instanceof Error ? error.message : String(error) };
        throw error;
      }
    };
  if (!smtpUrl) {
    return {
      send: recorded(async (mail) => {
        log.warn(
          `SMTP_URL is not set; this mail was written here instead:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`,
        );
      }),
      canMail: false,
      activity: () => ({ ...activity }),
      close: async () => {},
    };
  }
  const { default: nodemailer } = await import('nodemailer');
  // Pooled: a batch of subscribers' mails reuses a few open connections instead of a handshake each.
  const transport = nodemailer.createTransport({ pool: true, ...SMTP_TIMEOUTS, url: smtpUrl });
  return {
    send: recorded(async (mail) => {
      await transport.sendMail(mail);
    }),
    canMail: true,
    activity: () => ({ ...activity }),
    close: async () => transport.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one mailer (password resets, subscribers' mail): one pool of SMTP connections. */
    mailer: Mailer;
  }
}

/** Gives the app its mailer, closed with the app (after the job worker's preClose has let its mails finish). */
export async function registerMailer(app: FastifyInstance) {
  const mailer = await createMailer(app.config, app.log, () => app.siteIdentity());
  app.decorate('mailer', mailer);
  app.addHook('onClose', mailer.close);
}
