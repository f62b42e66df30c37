import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationsBody,
  BulkActionBody,
  BulkActionResponse,
  BulkActionsBody,
  BulkActionsResponse,
  BulkDeleteBody,
  BulkStandingBody,
  ApplicationsResponse,
  BlockedDomainsBody,
  BlockedEmailDomainsResponse,
  canModerate,
  CreateInviteBody,
  CreateInviteResponse,
  DecideApplicationBody,
  DecideApplicationResponse,
  DeleteMemberBody,
  DeleteMemberResponse,
  DismissReportsBody,
  DismissReportsResponse,
  DomainBlockBody,
  DomainBlockResponse,
  HideBlogBody,
  HideBlogResponse,
  InvitesBody,
  InvitesResponse,
  MemberResponse,
  MembersBody,
  MembersMatchingBody,
  MembersResponse,
  ModerationLogBody,
  ModerationLogResponse,
  RevokeInviteBody,
  RevokeInviteResponse,
  ReportsQueueBody,
  ReportsQueueResponse,
  SetRoleBody,
  SetStandingBody,
  SiteSettingsResponse,
  StaffDeleteCommentBody,
  StaffDeleteCommentResponse,
  TransferOwnershipBody,
  UpdateSiteSettingsBody,
  SiteIdentity,
  UpdateSiteIdentityBody,
  type Actor,
  type FixedErrorCode,
  ReviewBlogBody,
  ReviewBlogResponse,
  ReviewQueueBody,
  ReviewQueueResponse,
  SetTrustBody,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses, forbidden } from '../../http-error.ts';
import { requireAdmin, signedInUser } from '../../plugins/auth.ts';
import { reportsQueue } from '../reports/index.ts';
import { readSiteSettings } from '../site/index.ts';
import { decideReview, deleteCommentAsStaff, dismissReports, reviewQueue, setHidden } from './content.service.ts';
import { blockedEmailDomainsPage, blockEmailDomain, unblockEmailDomain } from './email-domain-blocks.service.ts';
import { applicationsPage, createInvite, decideApplication, invitesPage, revokeInvite } from './joining.service.ts';
import {
  changeRole,
  changeStanding,
  changeTrust,
  deleteMember,
  membersPage,
  transferOwnership,
} from './members.service.ts';
import { readLog } from './moderation-log.ts';
import { registerBulkActionJob } from './spam-waves.jobs.ts';
import {
  bulkActionById,
  bulkActionsPage,
  membersMatching,
  startBulkDelete,
  startBulkStanding,
} from './spam-waves.service.ts';
import { registerStaffActionMail } from './staff-action-mail.ts';
import { updateSiteSettings } from './site-settings.service.ts';
import { updateSiteIdentity } from './site-identity.service.ts';

/**
 * The staff's calls: members, roles and standing, hidden blogs and deleted comments, the reports,
 * spam waves' bulk actions, the moderation log, the site's settings and its blocked e-mail domains
 * (policies.ts says who).
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  registerStaffActionMail(app);
  registerBulkActionJob(app);
  const allowed = (rule: (actor: Actor) => boolean, code: FixedErrorCode) => async (request: FastifyRequest) => {
    if (!rule(signedInUser(request))) throw forbidden(code);
  };
  // Staff answers are nobody else's: they never touch the cache of anonymous reads.
  const staff = { preValidation: [app.requireUser, allowed(canModerate, 'staff_only')] };
  const admins = { preValidation: [app.requireUser, requireAdmin] };
  const refusals = errorResponses([...BODY_ERRORS, 401, 403, 404]);

  app.post(
    '/api/admin/members',
    { ...staff, schema: { body: MembersBody, response: { 200: MembersResponse, ...refusals } } },
    async (request) => membersPage(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/member/role',
    { ...admins, schema: { body: SetRoleBody, response: { 200: MemberResponse, ...refusals } } },
    async (request) => changeRole(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/member/standing',
    { ...staff, schema: { body: SetStandingBody, response: { 200: MemberResponse, ...refusals } } },
    async (request) => changeStanding(app.db, app.blogEvents, signedInUser(request), request.body),
  );

  for (const [path, hidden] of [
    ['/api/admin/hide-blog', true],
    ['/api/admin/unhide-blog', false],
  ] as const)
    app.post(
      path,
      { ...staff, schema: { body: HideBlogBody, response: { 200: HideBlogResponse, ...refusals } } },
      async (request) => setHidden(app.db, app.blogEvents, signedInUser(request), request.body, hidden),
    );

  // A change of trust changes whose links are followed on the pages anonymous readers are served.
  app.post(
    '/api/admin/member/trust',
    { ...staff, schema: { body: SetTrustBody, response: { 200: MemberResponse, ...refusals } } },
    async (request) => changeTrust(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/review-queue',
    {
      ...staff,
      schema: { body: ReviewQueueBody, response: { 200: ReviewQueueResponse, ...refusals } },
      config: { keepsReadCache: true },
    },
    async (request) => reviewQueue(app.db, signedInUser(request), request.body),
  );

  for (const [path, approved] of [
    ['/api/admin/approve-blog', true],
    ['/api/admin/reject-blog', false],
  ] as const)
    app.post(
      path,
      {
        ...staff,
        schema: {
          body: ReviewBlogBody,
          response: { 200: ReviewBlogResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 409]) },
        },
      },
      async (request) => decideReview(app.db, app.blogEvents, signedInUser(request), request.body, approved),
    );

  app.post(
    '/api/admin/delete-comment',
    { ...staff, schema: { body: StaffDeleteCommentBody, response: { 200: StaffDeleteCommentResponse, ...refusals } } },
    async (request) => deleteCommentAsStaff(app.db, signedInUser(request), request.body),
  );

  // Reading the queue and closing reports change nothing anyone else reads.
  app.post(
    '/api/admin/reports',
    {
      ...staff,
      schema: { body: ReportsQueueBody, response: { 200: ReportsQueueResponse, ...refusals } },
      config: { keepsReadCache: true },
    },
    async (request) => reportsQueue(app.db, signedInUser(request), request.body.page),
  );

  app.post(
    '/api/admin/dismiss-reports',
    {
      ...staff,
      schema: { body: DismissReportsBody, response: { 200: DismissReportsResponse, ...refusals } },
      config: { keepsReadCache: true },
    },
    async (request) => dismissReports(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/delete-member',
    { ...admins, schema: { body: DeleteMemberBody, response: { 200: DeleteMemberResponse, ...refusals } } },
    async (request) =>
      deleteMember(app.db, { blogs: app.blogEvents, users: app.userEvents }, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/transfer-ownership',
    { ...admins, schema: { body: TransferOwnershipBody, response: { 200: MemberResponse, ...refusals } } },
    async (request) => transferOwnership(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/log',
    { ...staff, schema: { body: ModerationLogBody, response: { 200: ModerationLogResponse, ...refusals } } },
    async (request) => readLog(app.db, request.body.page),
  );

  app.post(
    '/api/admin/applications',
    { ...admins, schema: { body: ApplicationsBody, response: { 200: ApplicationsResponse, ...refusals } } },
    async (request) => applicationsPage(app.db, request.body.page),
  );

  app.post(
    '/api/admin/decide-application',
    {
      ...admins,
      schema: {
        body: DecideApplicationBody,
        response: { 200: DecideApplicationResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 404, 409]) },
      },
    },
    async (request) => decideApplication(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/invites',
    { ...admins, schema: { body: InvitesBody, response: { 200: InvitesResponse, ...refusals } } },
    async (request) => invitesPage(app.db, request.body.page),
  );

  app.post(
    '/api/admin/create-invite',
    { ...admins, schema: { body: CreateInviteBody, response: { 200: CreateInviteResponse, ...refusals } } },
    async (request) => createInvite(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/revoke-invite',
    { ...admins, schema: { body: RevokeInviteBody, response: { 200: RevokeInviteResponse, ...refusals } } },
    async (request) => revokeInvite(app.db, signedInUser(request), request.body),
  );

  // Spam waves: the preview and the progress read; the bulk action's job empties the cache as it goes.
  app.post(
    '/api/admin/members-matching',
    {
      ...admins,
      schema: { body: MembersMatchingBody, response: { 200: MembersResponse, ...refusals } },
      config: { keepsReadCache: true },
    },
    async (request) => membersMatching(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/bulk-standing',
    {
      ...admins,
      schema: {
        body: BulkStandingBody,
        response: { 200: BulkActionResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 409]) },
      },
      config: { keepsReadCache: true },
    },
    async (request) => startBulkStanding(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/bulk-delete',
    {
      ...admins,
      schema: {
        body: BulkDeleteBody,
        response: { 200: BulkActionResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 409]) },
      },
    },
    async (request) => startBulkDelete(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/bulk-action',
    {
      ...admins,
      schema: { body: BulkActionBody, response: { 200: BulkActionResponse, ...refusals } },
      config: { keepsReadCache: true },
    },
    async (request) => bulkActionById(app.db, request.body.id),
  );

  app.post(
    '/api/admin/bulk-actions',
    {
      ...admins,
      schema: { body: BulkActionsBody, response: { 200: BulkActionsResponse, ...refusals } },
      config: { keepsReadCache: true },
    },
    async (request) => bulkActionsPage(app.db, request.body.page),
  );

  app.get(
    '/api/admin/settings',
    { ...admins, schema: { response: { 200: SiteSettingsResponse, ...errorResponses([401, 403]) } } },
    async () => ({ settings: await readSiteSettings(app.db), canMail: app.mailer.canMail }),
  );

  app.post(
    '/api/admin/update-settings',
    { ...admins, schema: { body: UpdateSiteSettingsBody, response: { 200: SiteSettingsResponse, ...refusals } } },
    async (request) => updateSiteSettings(app.db, signedInUser(request), app.mailer.canMail, request.body),
  );

  // A write that names nothing it changed: it empties the read cache, so every page shows the change at once.
  app.post(
    '/api/admin/site-identity',
    { ...admins, schema: { body: UpdateSiteIdentityBody, response: { 200: SiteIdentity, ...refusals } } },
    async (request) => updateSiteIdentity(app.db, signedInUser(request), request.body),
  );

  // Who may join changes; what anonymous readers are answered does not.
  const emailDomains = { ...admins, config: { keepsReadCache: true } };
  app.post(
    '/api/admin/blocked-email-domains',
    {
      ...emailDomains,
      schema: { body: BlockedDomainsBody, response: { 200: BlockedEmailDomainsResponse, ...refusals } },
    },
    async (request) => blockedEmailDomainsPage(app.db, request.body),
  );

  app.post(
    '/api/admin/block-email-domain',
    {
      ...emailDomains,
      schema: {
        body: DomainBlockBody,
        response: { 200: DomainBlockResponse, ...errorResponses([...BODY_ERRORS, 401, 403, 409]) },
      },
    },
    async (request) => blockEmailDomain(app.db, signedInUser(request), request.body),
  );

  app.post(
    '/api/admin/unblock-email-domain',
    { ...emailDomains, schema: { body: DomainBlockBody, response: { 200: DomainBlockResponse, ...refusals } } },
    async (request) => unblockEmailDomain(app.db, signedInUser(request), request.body),
  );
};
