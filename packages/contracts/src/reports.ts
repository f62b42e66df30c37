import { z } from 'zod';
import { ErrorMessages } from './error-codes.ts';
import { Limits } from './limits.ts';
import { REPORT_REASONS, type ReportReason } from './notifications.ts';
import { moderationReason } from './staff.ts';

/*
 * Reports to the site's staff (Inkwell's own calls, docs/api.md): a signed-in reader reports a
 * blog, a comment or a member; staff see the open reports grouped by what they are about, and
 * dismiss them or act on it (hide the blog, delete the comment, silence or suspend the member).
 */

/** How each reason reads, to the reader who picks it and to the staff who read it. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hate',
  sexual: 'Sexual content',
  illegal: 'Illegal',
  other: 'Something else',
};

export const REPORT_TARGETS = ['blog', 'comment', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGETS)[number];

/** What a reader reports: a blog by its blog_id, a comment by its _id, a member by their username. */
export const ReportTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('blog'), blog_id: z.string().min(1).max(200) }),
  z.object({ type: z.literal('comment'), comment_id: z.uuid(ErrorMessages.comment_not_found) }),
  z.object({ type: z.literal('user'), username: z.string().min(1).max(100) }),
]);
export type ReportTarget = z.infer<typeof ReportTarget>;

/** `POST /api/report`: one open report per reader and target; the reported member is never told who. */
export const ReportBody = z.object({
  target: ReportTarget,
  reason: z.enum(REPORT_REASONS),
  words: z.string().trim().max(Limits.reportWordsMax).default(''),
});
export type ReportBody = z.infer<typeof ReportBody>;
export const ReportResponse = z.object({ status: z.literal('reported') });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** `POST /api/admin/reports` (staff): a page of reported targets, most reported first, then the longest waiting. */
export const ReportsQueueBody = z.object({ page: z.number().int().min(1).max(100_000).default(1) });
export type ReportsQueueBody = z.infer<typeof ReportsQueueBody>;

/** What staff act on: a blog by its blog_id, a comment by its _id, a member by their username. */
export const ReportedTarget = z.object({
  type: z.enum(REPORT_TARGETS),
  id: z.string(),
  /** A blog's title, a comment's words as they read now, a member's name. */
  label: z.string(),
  /** The page it is on: the blog's (a comment's blog's), the member's profile. */
  link: z.string(),
  /** Who wrote it (the member themselves, for a profile). */
  author: z.string(),
  /** Whether the viewer may act on its author (policies.ts canActOnMember); anyone on staff may dismiss. */
  can: z.object({ act: z.boolean() }),
});
export type ReportedTarget = z.infer<typeof ReportedTarget>;

export const OpenReport = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  words: z.string(),
  /** The target as it read when reported: a blog's title and description, a comment's words, a member's name and bio. */
  snapshot: z.string(),
  reporter: z.string(),
  createdAt: z.string(),
});
export type OpenReport = z.infer<typeof OpenReport>;

export const ReportGroup = z.object({
  target: ReportedTarget,
  count: z.number(),
  /** Every open report of the target, oldest first. */
  reports: z.array(OpenReport),
});
export type ReportGroup = z.infer<typeof ReportGroup>;
export const ReportsQueueResponse = z.object({ groups: z.array(ReportGroup), totalDocs: z.number() });
export type ReportsQueueResponse = z.infer<typeof ReportsQueueResponse>;

/** `POST /api/admin/dismiss-reports` (staff): closes every open report of the target, as the queue names it; nobody is told. */
export const DismissReportsBody = z.object({
  target: z.object({ type: z.enum(REPORT_TARGETS), id: z.string().min(1).max(200) }),
  reason: moderationReason,
});
export type DismissReportsBody = z.infer<typeof DismissReportsBody>;
/** How many open reports were closed (none when another staff member acted first). */
export const DismissReportsResponse = z.object({ dismissed: z.number() });
export type DismissReportsResponse = z.infer<typeof DismissReportsResponse>;
