import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { absoluteUrl } from '../../site-origin.ts';
import { newToken } from '../auth/index.ts';
import { enqueueJob, enqueueJobsFrom } from '../jobs/index.ts';
import { confirmationMail, newsletterMail, type Link } from './subscriber-mails.ts';
import {
  addUnsubscribeToken,
  findNewsletter,
  findPendingSubscriber,
  newsletterJobRows,
  setConfirmTokenHash,
} from './subscribers.repository.ts';
import { CONFIRM_MAIL_QUEUE } from './subscribers.service.ts';

const FANOUT_QUEUE = 'newsletter-fanout';
const NEWSLETTER_QUEUE = 'newsletter-mail';

/**
 * A blog's first publishing (a blog event, in its transaction) queues one fan-out job, keyed by
 * the blog, whatever the number of subscribers: the publish stays one short transaction.
 */
export async function queueNewsletter(tx: Executor, { id: blogId }: { id: string }) {
  await enqueueJob(tx, { queue: FANOUT_QUEUE, payload: { blogId }, key: `newsletter-fanout:${blogId}` });
}

/**
 * The subscribers' mail, as jobs (modules/jobs): a confirmation mail per pending address asked for;
 * per new blog, a fan-out that adds one mail job per confirmed subscriber in one INSERT … SELECT
 * (keyed by blog and subscriber, so a fan-out run again adds none), and those mails, paced by
 * MAIL_PER_MINUTE across instances. Each mail is sent after its job is claimed and before its row
 * is deleted: at least once, a duplicate possible only if the process dies in between.
 */
export function registerSubscriberJobs(app: FastifyInstance) {
  const { mailer } = app;
  // Without SMTP_URL (and so PUBLIC_URL) a confirmation mail goes to the log, with links to this server.
  const origin = app.config.publicUrl ?? `http://localhost:${app.config.port}`;
  const link: Link = (path) => absoluteUrl(origin, path);

  app.jobs.register<{ subscriberId: string }>({
    queue: CONFIRM_MAIL_QUEUE,
    async run({ subscriberId }) {
      const pending = await findPendingSubscriber(app.db, subscriberId);
      if (!pending) return;
      const { token, hash } = newToken();
      await setConfirmTokenHash(app.db, subscriberId, hash);
      await mailer.send(confirmationMail(pending.email, pending, token, link));
    },
  });

  app.jobs.register<{ blogId: string }>({
    queue: FANOUT_QUEUE,
    async run({ blogId }) {
      if (!app.config.smtpUrl)
        return void app.log.info({ blog: blogId }, 'SMTP_URL is not set: no mail to subscribers about this blog');
      const added = await enqueueJobsFrom(app.db, NEWSLETTER_QUEUE, newsletterJobRows(blogId));
      app.log.info({ blog: blogId, mails: added }, 'mails to subscribers queued');
    },
  });

  app.jobs.register<{ blogId: string; subscriberId: string }>({
    queue: NEWSLETTER_QUEUE,
    perMinute: app.config.mailPerMinute,
    // One at a time: an instance killed mid-batch has at most one mail between the SMTP server's
    // acceptance and the job's DELETE, so at most one subscriber gets that mail twice.
    concurrency: 1,
    batch: 20,
    async run({ blogId, subscriberId }) {
      const newsletter = await findNewsletter(app.db, subscriberId, blogId);
      if (!newsletter) return;
      const { token, hash } = newToken();
      await addUnsubscribeToken(app.db, subscriberId, hash);
      await mailer.send(newsletterMail(newsletter.email, newsletter, token, link));
    },
  });
}
