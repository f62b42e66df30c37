import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_PATH, SIGN_IN_PATH, STAFF_ACTION_TOLD, type ModerationAction } from '@inkwell/contracts';
import type { Executor } from '../../db/client.ts';
import { moderationLog, users } from '../../db/schema/index.ts';
import { absoluteUrl } from '../../site-origin.ts';
import { enqueueJob } from '../jobs/index.ts';
import type { MailWriter } from '../mail/index.ts';

/*
 * The mail that tells a member what the site's staff did to them or to what they wrote, beside
 * its notification: queued in the action's transaction, sent after it commits, and only when the
 * site sends mail (SMTP_URL); a suspended member can no longer sign in to read a notification.
 * And the mail that tells an applicant the staff's decision.
 */

const QUEUE = 'staff-action-mail';
const APPLICANT_QUEUE = 'application-decision-mail';

interface StaffActionMail {
  memberId: string;
  logLineId: string;
}

export const queueStaffActionMail = (tx: Executor, payload: StaffActionMail) =>
  enqueueJob(tx, { queue: QUEUE, payload });

/** The mail itself: what was done and why, as the log line says, and where to read more. */
export function staffActionMail(
  to: string,
  line: { action: ModerationAction; label: string; detail: string; reason: string },
  notificationsUrl: string,
): MailWriter {
  const done = STAFF_ACTION_TOLD[line.action] ?? 'acted on';
  return ({ name }) => ({
    to,
    subject: `The staff of ${name} ${done}`,
    text: [
      `The staff of ${name} ${done} “${line.label}”: ${line.detail}.`,
      line.reason ? `Reason: “${line.reason}”` : 'No reason was given.',
      '',
      `Your notifications: ${notificationsUrl}`,
    ].join('\n'),
  });
}

interface ApplicantMail {
  email: string;
  fullname: string;
  approved: boolean;
  reason: string;
}

/** The mail to an applicant, queued in the transaction that decides their application. */
export const queueApplicantMail = (tx: Executor, payload: ApplicantMail) =>
  enqueueJob(tx, { queue: APPLICANT_QUEUE, payload });

/** An applicant hears the staff's decision: welcome and where to sign in, or no, and why. */
export function applicantMail({ email, fullname, approved, reason }: ApplicantMail, signInUrl: string): MailWriter {
  const why = reason ? [`Reason: “${reason}”`] : [];
  return ({ name }) =>
    approved
      ? {
          to: email,
          subject: `Welcome to ${name}`,
          text: [
            `Hello ${fullname},`,
            '',
            `The staff of ${name} approved your application.`,
            ...why,
            '',
            `Sign in: ${signInUrl}`,
          ].join('\n'),
        }
      : {
          to: email,
          subject: `Your application to ${name}`,
          text: [`Hello ${fullname},`, '', `The staff of ${name} did not approve your application.`, ...why].join('\n'),
        };
}

export function registerStaffActionMail(app: FastifyInstance) {
  const origin = app.config.publicUrl ?? `http://localhost:${app.config.port}`;
  // Without SMTP_URL the mailer writes it to the log: an admin can still pass the word on.
  app.jobs.register<ApplicantMail>({
    queue: APPLICANT_QUEUE,
    run: (payload) => app.mailer.send(applicantMail(payload, absoluteUrl(origin, SIGN_IN_PATH))),
  });
  app.jobs.register<StaffActionMail>({
    queue: QUEUE,
    async run({ memberId, logLineId }) {
      if (!app.config.smtpUrl) return;
      const [row] = await app.db
        .select({
          email: users.email,
          action: moderationLog.action,
          label: moderationLog.targetLabel,
          detail: moderationLog.detail,
          reason: moderationLog.reason,
        })
        .from(moderationLog)
        .innerJoin(users, eq(users.id, memberId))
        .where(eq(moderationLog.id, logLineId));
      if (!row) return;
      const { email, action, ...line } = row;
      await app.mailer.send(
        staffActionMail(
          email,
          { ...line, action: action as ModerationAction },
          absoluteUrl(origin, NOTIFICATIONS_PATH),
        ),
      );
    },
  });
}
