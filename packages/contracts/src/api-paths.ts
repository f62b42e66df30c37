import { z } from 'zod';
import {
  ApplicationReceived,
  AuthNotice,
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  GoogleAuthBody,
  HealthResponse,
  PublicConfig,
  ResetPasswordBody,
  Session,
  SignInBody,
  SignOutResponse,
  SignUpBody,
  VerifyEmailBody,
} from './auth.ts';
import {
  BlogCanBody,
  BlogCanResponse,
  BlogsResponse,
  CountResponse,
  CreateBlogBody,
  CreateBlogResponse,
  GetBlogBody,
  GetBlogResponse,
  ReadBlogBody,
} from './blog.ts';
import {
  BookmarkBlogBody,
  BookmarkBlogResponse,
  IsBookmarkedBody,
  IsBookmarkedResponse,
  ReadingListBody,
  ReadingListResponse,
} from './bookmarks.ts';
import { BlockBody, BlockedUsersBody, BlockedUsersResponse, BlockResponse, IsBlockedBody } from './blocks.ts';
import {
  AddCommentBody,
  BlogCommentsResponse,
  Comment,
  DeleteCommentBody,
  DeleteCommentResponse,
  GetBlogCommentsBody,
  GetRepliesBody,
  RepliesResponse,
} from './comments.ts';
import {
  DeleteBlogBody,
  DeleteBlogResponse,
  UserWrittenBlogsBody,
  UserWrittenBlogsCountBody,
  UserWrittenBlogsResponse,
} from './dashboard.ts';
import { FollowBody, FollowResponse, IsFollowingBody, IsFollowingResponse } from './follows.ts';
import {
  NewNotificationResponse,
  NotificationsBody,
  NotificationsCountBody,
  NotificationsResponse,
} from './notifications.ts';
import {
  PreviewBody,
  PreviewLinkBody,
  PreviewLinkResponse,
  PublishingDoneResponse,
  PublishNowBody,
  ScheduleBlogBody,
} from './publishing.ts';
import {
  GetProfileBody,
  IsLikedByUserBody,
  IsLikedByUserResponse,
  LatestBlogsBody,
  LikeBlogBody,
  LikeBlogResponse,
  SearchBlogsBody,
  SearchBlogsCountBody,
  SearchUsersBody,
  SearchUsersResponse,
  TrendingBlogsResponse,
  UserProfile,
} from './reading.ts';
import {
  DismissReportsBody,
  DismissReportsResponse,
  ReportBody,
  ReportResponse,
  ReportsQueueBody,
  ReportsQueueResponse,
} from './reports.ts';
import {
  FailedJobActionBody,
  FailedJobActionResponse,
  FailedJobsBody,
  FailedJobsResponse,
  SiteHealthResponse,
} from './jobs.ts';
import { SiteIdentity, UpdateSiteIdentityBody } from './site-identity.ts';
import { AuthorStatsBody, AuthorStatsResponse, SiteStatsResponse } from './statistics.ts';
import { AltchaChallenge } from './proof-of-work.ts';
import { RevisionBody, RevisionResponse, RevisionsBody, RevisionsResponse } from './revisions.ts';
import {
  DeleteAccountBody,
  DeleteAccountResponse,
  MyProfileResponse,
  UpdateProfileBody,
  UpdateProfileImgBody,
  UpdateProfileImgResponse,
  UpdateProfileResponse,
} from './settings.ts';
import {
  SubscribeBody,
  SubscribeResponse,
  SubscriberCount,
  SubscriptionBody,
  SubscriptionLinkBody,
  SubscriptionLinkParams,
  SubscriptionLinkResult,
  SubscriptionState,
} from './subscriptions.ts';
import {
  ApplicationsBody,
  ApplicationsResponse,
  BlockedDomainsBody,
  BlockedDomainsResponse,
  BlockedEmailDomainsResponse,
  CreateInviteBody,
  CreateInviteResponse,
  DecideApplicationBody,
  DecideApplicationResponse,
  DeleteMemberBody,
  DeleteMemberResponse,
  DomainBlockBody,
  DomainBlockResponse,
  HideBlogBody,
  HideBlogResponse,
  InvitesBody,
  InvitesResponse,
  MemberResponse,
  MembersBody,
  MembersResponse,
  ModerationLogBody,
  RevokeInviteBody,
  RevokeInviteResponse,
  ModerationLogResponse,
  SetRoleBody,
  SetStandingBody,
  SiteSettingsResponse,
  StaffDeleteCommentBody,
  StaffDeleteCommentResponse,
  TransferOwnershipBody,
  UpdateSiteSettingsBody,
} from './staff.ts';
import { ReviewBlogBody, ReviewBlogResponse, ReviewQueueBody, ReviewQueueResponse, SetTrustBody } from './review.ts';
import {
  BulkActionBody,
  BulkActionResponse,
  BulkActionsBody,
  BulkActionsResponse,
  BulkDeleteBody,
  BulkStandingBody,
  MembersMatchingBody,
} from './spam-waves.ts';
import {
  ImportFormFields,
  ImportListResponse,
  ImportStarted,
  ImportStatusBody,
  ImportStatusResponse,
} from './imports.ts';
import { IMAGE_FIELD, ImageByUrlBody, LinkPreviewQuery, LinkPreviewResponse, UploadResponse } from './uploads.ts';

/*
 * Every JSON call of the API, by path (docs/api.md says what each does). The server's routes
 * declare these schemas (apps/server/src/plugins/api-paths.test.ts fails when a route and its entry
 * disagree), the OpenAPI document takes each call's summary and group from here, and the web's
 * api() takes a path and gets from its entry the body it must send and the answer it gets.
 */

/** The groups the OpenAPI document lists the calls in (its tags), each with what it is about. */
export const API_GROUPS = {
  auth: 'Accounts: sign up, sign in (password or Google), sign out, reset a forgotten password.',
  settings: "The signed-in user's own account: profile, picture, password, and deleting it.",
  profiles: 'Public profiles and the search for users.',
  blogs:
    'One blog: create or update it, read it, what the caller may do to it, count a read, schedule or publish a draft.',
  'blog-lists':
    "Lists of published blogs: latest, search (by tag, text or author), trending, and a reader's following.",
  'preview-links': "A draft's secret preview link: make it, revoke it, read the draft through it.",
  revisions: "A blog's saved revisions, for its author.",
  dashboard: "The signed-in author's own blogs: lists, counts, delete.",
  likes: 'Liking a blog.',
  bookmarks: "A reader's reading list of saved blogs.",
  follows: 'Readers following authors.',
  blocks: 'Members blocking members: block, unblock, whether the caller blocked someone, whom they blocked.',
  comments: 'Comments and replies on a blog.',
  reports: "Reporting a blog, a comment or a member to the site's staff.",
  notifications: "The signed-in user's notifications: the list, its count, whether any is new, the live stream.",
  subscribers: "E-mail subscriptions to an author's new blogs, and the links their mails carry.",
  uploads: 'Images: upload one, or import one from an address; the stored files and the default profile pictures.',
  'link-preview': "The editor's link cards: a page's title, description and image.",
  imports:
    "Bringing blogs in from another platform's export (WordPress, Ghost, Medium, Markdown, Inkwell): the upload, its progress and report.",
  'proof-of-work':
    "The proof-of-work challenge (ALTCHA) sign-up and a visitor's subscription solve where the site asks for one.",
  staff:
    "The site's staff: members, their roles and standing, reports and what they act on, the moderation log, the site's settings, the fediverse's blocked domains.",
  system: 'The server itself: health, public configuration, metrics, this document.',
  identity:
    "The site's identity: its name, description, logo, icon, accent colour, topics, navigation, footer, share image and language; admins change it.",
  statistics:
    "Numbers over time: an author's reads, likes, comments, followers, subscribers and referrers per day, and the site's for its admins.",
} as const;
export type ApiGroup = keyof typeof API_GROUPS;

/** The body of a multipart upload (`multipart/form-data`), which no JSON schema describes. */
export const FORM_DATA = 'multipart/form-data';

/** One call: its method, what it takes (a JSON body, a form, a query, path parameters), what it answers, and how the OpenAPI document shows it. */
export interface ApiCall {
  method: 'GET' | 'POST';
  /** None when the call takes no body. */
  body?: z.ZodType | typeof FORM_DATA;
  query?: z.ZodType;
  /** The `:name` parts of a path such as `/unsubscribe/:token`. */
  params?: z.ZodType;
  /** The success answer (refusals are `{ error }`, apps/server/src/http-error.ts). */
  answer: z.ZodType;
  /** What the call answers with 202 Accepted, when it may leave the outcome to people (an application to join). */
  accepted?: z.ZodType;
  summary: string;
  group: ApiGroup;
}

/** `GET /api/openapi.json`'s answer: the OpenAPI document of these calls. */
const OpenApiDocument = z.record(z.string(), z.unknown()).describe('This document');
/** `POST /api/blog/read` answers 204, without content. */
const NoContent = z.null().describe('Counted (once the answer has left)');

export const API_PATHS = {
  // auth
  '/api/user/signup': {
    method: 'POST',
    body: SignUpBody,
    answer: Session,
    accepted: ApplicationReceived,
    summary: 'Create an account and sign in to it, or apply to join a site that reviews who joins (202)',
    group: 'auth',
  },
  '/api/user/signin': {
    method: 'POST',
    body: SignInBody,
    answer: Session,
    summary: 'Sign in with e-mail and password',
    group: 'auth',
  },
  '/api/user/google-auth': {
    method: 'POST',
    body: GoogleAuthBody,
    answer: Session,
    accepted: ApplicationReceived,
    summary: 'Sign in, or up, with a Google ID token; a first sign-in may be an application to join (202)',
    group: 'auth',
  },
  '/api/altcha/challenge': {
    method: 'GET',
    answer: AltchaChallenge,
    summary: "A proof-of-work challenge to solve for sign-up or a visitor's subscription (`altcha`)",
    group: 'proof-of-work',
  },
  '/api/user/signout': {
    method: 'POST',
    answer: SignOutResponse,
    summary: "Sign out: the session's token stops working",
    group: 'auth',
  },
  '/api/user/forgot-password': {
    method: 'POST',
    body: ForgotPasswordBody,
    answer: AuthNotice,
    summary: 'Mail a link to choose a new password (the same answer whether or not the account exists)',
    group: 'auth',
  },
  '/api/user/reset-password': {
    method: 'POST',
    body: ResetPasswordBody,
    answer: AuthNotice,
    summary: "Choose a new password with a mailed link's token",
    group: 'auth',
  },
  '/api/user/verify-email': {
    method: 'POST',
    body: VerifyEmailBody,
    answer: AuthNotice,
    summary: "Confirm an account's e-mail address with a mailed link's token",
    group: 'auth',
  },
  '/api/user/resend-verification': {
    method: 'POST',
    answer: AuthNotice,
    summary: 'Mail the signed-in member a new link to confirm their e-mail address',
    group: 'auth',
  },

  // settings
  '/api/user/me': {
    method: 'GET',
    answer: MyProfileResponse,
    summary: "The signed-in user's own profile, e-mail included",
    group: 'settings',
  },
  '/api/user/update-profile': {
    method: 'POST',
    body: UpdateProfileBody,
    answer: UpdateProfileResponse,
    summary: 'Change username, bio and social links',
    group: 'settings',
  },
  '/api/user/update-profile-img': {
    method: 'POST',
    body: UpdateProfileImgBody,
    answer: UpdateProfileImgResponse,
    summary: 'Make an image the profile picture',
    group: 'settings',
  },
  '/api/user/change-password': {
    method: 'POST',
    body: ChangePasswordBody,
    answer: ChangePasswordResponse,
    summary: "Change the password; the user's other sessions end",
    group: 'settings',
  },
  '/api/account/delete': {
    method: 'POST',
    body: DeleteAccountBody,
    answer: DeleteAccountResponse,
    summary:
      'Delete the caller’s own account for good, confirmed by their password (or a fresh Google sign-in); their comments stay as “[deleted]”',
    group: 'settings',
  },

  // profiles
  '/api/user/get-profile': {
    method: 'POST',
    body: GetProfileBody,
    answer: UserProfile,
    summary: "A user's public profile",
    group: 'profiles',
  },
  '/api/user/search-users': {
    method: 'POST',
    body: SearchUsersBody,
    answer: SearchUsersResponse,
    summary: 'Users whose username or full name matches',
    group: 'profiles',
  },

  // blogs
  '/api/blog/create-blog': {
    method: 'POST',
    body: CreateBlogBody,
    answer: CreateBlogResponse,
    summary: 'Create a blog, or save one of your own, as a draft or published',
    group: 'blogs',
  },
  '/api/blog/get-blog': {
    method: 'POST',
    body: GetBlogBody,
    answer: GetBlogResponse,
    summary: 'A blog, to read or (its author) to edit',
    group: 'blogs',
  },
  '/api/blog/can': {
    method: 'POST',
    body: BlogCanBody,
    answer: BlogCanResponse,
    summary: 'What the caller may do to a blog',
    group: 'blogs',
  },
  '/api/blog/read': {
    method: 'POST',
    body: ReadBlogBody,
    answer: NoContent,
    summary: 'Count a read of a blog page the server rendered',
    group: 'blogs',
  },

  // blog-lists
  '/api/blog/latest-blogs': {
    method: 'POST',
    body: LatestBlogsBody,
    answer: BlogsResponse,
    summary: 'Published blogs, newest first, a page at a time',
    group: 'blog-lists',
  },
  '/api/blog/all-latest-blogs-count': {
    method: 'POST',
    answer: CountResponse,
    summary: 'How many blogs are published',
    group: 'blog-lists',
  },
  '/api/blog/following-blogs': {
    method: 'POST',
    body: LatestBlogsBody,
    answer: BlogsResponse,
    summary: 'Blogs of the authors the reader follows, newest first',
    group: 'blog-lists',
  },
  '/api/blog/all-following-blogs-count': {
    method: 'POST',
    answer: CountResponse,
    summary: 'How many blogs the authors the reader follows have published',
    group: 'blog-lists',
  },
  '/api/blog/search-blogs': {
    method: 'POST',
    body: SearchBlogsBody,
    answer: BlogsResponse,
    summary: 'Published blogs by tag, text or author',
    group: 'blog-lists',
  },
  '/api/blog/search-blogs-count': {
    method: 'POST',
    body: SearchBlogsCountBody,
    answer: CountResponse,
    summary: 'How many published blogs a search finds',
    group: 'blog-lists',
  },
  '/api/blog/trending-blogs': {
    method: 'GET',
    answer: TrendingBlogsResponse,
    summary: 'The most read and liked published blogs',
    group: 'blog-lists',
  },

  // publishing
  '/api/blog/schedule': {
    method: 'POST',
    body: ScheduleBlogBody,
    answer: PublishingDoneResponse,
    summary: 'Schedule a draft to publish at a time, or take it back to a plain draft',
    group: 'blogs',
  },
  '/api/blog/publish-now': {
    method: 'POST',
    body: PublishNowBody,
    answer: PublishingDoneResponse,
    summary: 'Publish a draft at once',
    group: 'blogs',
  },
  '/api/blog/preview-link': {
    method: 'POST',
    body: PreviewLinkBody,
    answer: PreviewLinkResponse,
    summary: "A new secret preview link to a draft (the draft's earlier link stops working)",
    group: 'preview-links',
  },
  '/api/blog/revoke-preview-link': {
    method: 'POST',
    body: PreviewLinkBody,
    answer: PublishingDoneResponse,
    summary: "End a draft's preview link",
    group: 'preview-links',
  },
  '/api/blog/preview': {
    method: 'POST',
    body: PreviewBody,
    answer: GetBlogResponse,
    summary: 'The draft a preview link opens, as last saved',
    group: 'preview-links',
  },

  // revisions
  '/api/blog/revisions': {
    method: 'POST',
    body: RevisionsBody,
    answer: RevisionsResponse,
    summary: "A blog's revisions, newest first",
    group: 'revisions',
  },
  '/api/blog/revision': {
    method: 'POST',
    body: RevisionBody,
    answer: RevisionResponse,
    summary: 'One revision of a blog, whole',
    group: 'revisions',
  },
  '/api/blog/restore-revision': {
    method: 'POST',
    body: RevisionBody,
    answer: GetBlogResponse,
    summary: 'Save a revision as the blog again',
    group: 'revisions',
  },

  // dashboard
  '/api/blog/user-written-blogs': {
    method: 'POST',
    body: UserWrittenBlogsBody,
    answer: UserWrittenBlogsResponse,
    summary: "The signed-in author's published blogs or drafts, a page at a time",
    group: 'dashboard',
  },
  '/api/blog/user-written-blogs-count': {
    method: 'POST',
    body: UserWrittenBlogsCountBody,
    answer: CountResponse,
    summary: "How many published blogs or drafts the signed-in author's list holds",
    group: 'dashboard',
  },
  '/api/blog/delete-blog': {
    method: 'POST',
    body: DeleteBlogBody,
    answer: DeleteBlogResponse,
    summary: 'Delete one of your blogs, with its likes, comments and reads',
    group: 'dashboard',
  },

  // likes
  '/api/blog/like-blog': {
    method: 'POST',
    body: LikeBlogBody,
    answer: LikeBlogResponse,
    summary: 'Like a blog, or take the like back',
    group: 'likes',
  },
  '/api/user/isliked-by-user': {
    method: 'POST',
    body: IsLikedByUserBody,
    answer: IsLikedByUserResponse,
    summary: 'Whether the signed-in reader likes a blog',
    group: 'likes',
  },

  // bookmarks
  '/api/blog/bookmark': {
    method: 'POST',
    body: BookmarkBlogBody,
    answer: BookmarkBlogResponse,
    summary: 'Save a blog to the reading list, or take it off',
    group: 'bookmarks',
  },
  '/api/user/is-bookmarked': {
    method: 'POST',
    body: IsBookmarkedBody,
    answer: IsBookmarkedResponse,
    summary: 'Whether the signed-in reader saved a blog',
    group: 'bookmarks',
  },
  '/api/user/reading-list': {
    method: 'POST',
    body: ReadingListBody,
    answer: ReadingListResponse,
    summary: "The signed-in reader's saved blogs, newest save first, a page at a time",
    group: 'bookmarks',
  },
  '/api/user/reading-list-count': {
    method: 'POST',
    answer: CountResponse,
    summary: "How many blogs the signed-in reader's reading list holds",
    group: 'bookmarks',
  },

  // follows
  '/api/user/follow': {
    method: 'POST',
    body: FollowBody,
    answer: FollowResponse,
    summary: 'Follow an author, or stop following',
    group: 'follows',
  },
  '/api/user/is-following': {
    method: 'POST',
    body: IsFollowingBody,
    answer: IsFollowingResponse,
    summary: 'Whether the signed-in reader follows an author',
    group: 'follows',
  },

  // blocks
  '/api/user/block': {
    method: 'POST',
    body: BlockBody,
    answer: BlockResponse,
    summary: 'Block a member, or unblock them',
    group: 'blocks',
  },
  '/api/user/is-blocked': {
    method: 'POST',
    body: IsBlockedBody,
    answer: BlockResponse,
    summary: 'Whether the signed-in member blocked a member',
    group: 'blocks',
  },
  '/api/user/blocked-users': {
    method: 'POST',
    body: BlockedUsersBody,
    answer: BlockedUsersResponse,
    summary: 'The members the signed-in member blocked, newest block first, a page at a time',
    group: 'blocks',
  },
  '/api/user/blocked-users-count': {
    method: 'POST',
    answer: CountResponse,
    summary: 'How many members the signed-in member blocked',
    group: 'blocks',
  },

  // reports
  '/api/report': {
    method: 'POST',
    body: ReportBody,
    answer: ReportResponse,
    summary: "Report a blog, a comment or a member to the site's staff",
    group: 'reports',
  },

  // comments
  '/api/comment/add-comment': {
    method: 'POST',
    body: AddCommentBody,
    answer: Comment,
    summary: 'Comment on a blog, or reply to a comment',
    group: 'comments',
  },
  '/api/comment/get-blog-comments': {
    method: 'POST',
    body: GetBlogCommentsBody,
    answer: BlogCommentsResponse,
    summary: "A page of a blog's comments, newest first",
    group: 'comments',
  },
  '/api/comment/get-replies': {
    method: 'POST',
    body: GetRepliesBody,
    answer: RepliesResponse,
    summary: "A page of a comment's replies, oldest first",
    group: 'comments',
  },
  '/api/comment/delete-comment': {
    method: 'POST',
    body: DeleteCommentBody,
    answer: DeleteCommentResponse,
    summary: 'Delete a comment and its replies',
    group: 'comments',
  },

  // notifications
  '/api/notification/new-notification': {
    method: 'GET',
    answer: NewNotificationResponse,
    summary: 'Whether the signed-in user has a notification not yet seen',
    group: 'notifications',
  },
  '/notifications': {
    method: 'POST',
    body: NotificationsBody,
    answer: NotificationsResponse,
    summary: "A page of the signed-in user's notifications, newest first (the one call without /api)",
    group: 'notifications',
  },
  '/api/notification/all-notifications-count': {
    method: 'POST',
    body: NotificationsCountBody,
    answer: CountResponse,
    summary: "How many notifications the signed-in user's filter holds",
    group: 'notifications',
  },

  // subscribers
  '/api/user/subscribe': {
    method: 'POST',
    body: SubscribeBody,
    answer: SubscribeResponse,
    summary: "Subscribe by e-mail to an author's new blogs (a visitor confirms from a mail)",
    group: 'subscribers',
  },
  '/api/user/unsubscribe': {
    method: 'POST',
    body: SubscriptionBody,
    answer: SubscriptionState,
    summary: "End the signed-in reader's subscription to an author",
    group: 'subscribers',
  },
  '/api/user/subscription': {
    method: 'POST',
    body: SubscriptionBody,
    answer: SubscriptionState,
    summary: 'Whether the signed-in reader is subscribed to an author',
    group: 'subscribers',
  },
  '/api/user/subscriber-count': {
    method: 'POST',
    answer: SubscriberCount,
    summary: 'How many confirmed subscribers the signed-in author has',
    group: 'subscribers',
  },
  '/subscribe/confirm/:token': {
    method: 'POST',
    params: SubscriptionLinkParams,
    body: SubscriptionLinkBody,
    answer: SubscriptionLinkResult,
    summary: "Confirm a visitor's subscription (the mailed link's page posts here)",
    group: 'subscribers',
  },
  '/unsubscribe/:token': {
    method: 'POST',
    params: SubscriptionLinkParams,
    body: SubscriptionLinkBody,
    answer: SubscriptionLinkResult,
    summary: "End a subscription from its mail (the mailed link, or a mail client's one-click)",
    group: 'subscribers',
  },

  // uploads
  '/api/upload/image': {
    method: 'POST',
    body: FORM_DATA,
    answer: UploadResponse,
    summary: `Upload an image (the form's field \`${IMAGE_FIELD}\`)`,
    group: 'uploads',
  },
  '/api/upload/image-by-url': {
    method: 'POST',
    body: ImageByUrlBody,
    answer: UploadResponse,
    summary: 'Store the image at an address, as an upload',
    group: 'uploads',
  },

  // imports
  '/api/imports': {
    method: 'POST',
    body: FORM_DATA,
    answer: ImportStarted,
    summary: `Import an export file (the form's field \`${ImportFormFields.file}\`): read whole, then written as blogs in the background`,
    group: 'imports',
  },
  '/api/imports/status': {
    method: 'POST',
    body: ImportStatusBody,
    answer: ImportStatusResponse,
    summary:
      "An import's progress (posts done of total, images fetched) and its report (the importer; admins for a site import)",
    group: 'imports',
  },
  '/api/imports/list': {
    method: 'POST',
    answer: ImportListResponse,
    summary: "The caller's latest imports, newest first",
    group: 'imports',
  },

  // link-preview
  '/api/link-preview': {
    method: 'GET',
    query: LinkPreviewQuery,
    answer: LinkPreviewResponse,
    summary: "A page's title, description and image, for the editor's link card",
    group: 'link-preview',
  },

  // staff
  '/api/admin/members': {
    method: 'POST',
    body: MembersBody,
    answer: MembersResponse,
    summary: 'A page of members, newest first, with what the caller may do to each (staff)',
    group: 'staff',
  },
  '/api/admin/member/role': {
    method: 'POST',
    body: SetRoleBody,
    answer: MemberResponse,
    summary: "Change a member's role (admins and the owner, below their own)",
    group: 'staff',
  },
  '/api/admin/member/standing': {
    method: 'POST',
    body: SetStandingBody,
    answer: MemberResponse,
    summary: 'Silence, suspend or restore a member (staff, on those below them)',
    group: 'staff',
  },
  '/api/admin/transfer-ownership': {
    method: 'POST',
    body: TransferOwnershipBody,
    answer: MemberResponse,
    summary: 'Hand the site to another member; the owner becomes an admin (the owner)',
    group: 'staff',
  },
  '/api/admin/log': {
    method: 'POST',
    body: ModerationLogBody,
    answer: ModerationLogResponse,
    summary: 'A page of the moderation log, newest first (staff)',
    group: 'staff',
  },
  '/api/admin/settings': {
    method: 'GET',
    answer: SiteSettingsResponse,
    summary: "The site's settings (admins)",
    group: 'staff',
  },
  '/api/admin/update-settings': {
    method: 'POST',
    body: UpdateSiteSettingsBody,
    answer: SiteSettingsResponse,
    summary: "Change the site's settings (admins)",
    group: 'staff',
  },
  '/api/admin/blocked-domains': {
    method: 'POST',
    body: BlockedDomainsBody,
    answer: BlockedDomainsResponse,
    summary: "A page of the fediverse's blocked domains, newest first (admins)",
    group: 'staff',
  },
  '/api/admin/block-domain': {
    method: 'POST',
    body: DomainBlockBody,
    answer: DomainBlockResponse,
    summary: 'Block a domain of the fediverse and its subdomains; its followers are dropped (admins)',
    group: 'staff',
  },
  '/api/admin/unblock-domain': {
    method: 'POST',
    body: DomainBlockBody,
    answer: DomainBlockResponse,
    summary: 'Unblock a domain of the fediverse (admins)',
    group: 'staff',
  },
  '/api/admin/blocked-email-domains': {
    method: 'POST',
    body: BlockedDomainsBody,
    answer: BlockedEmailDomainsResponse,
    summary: 'A page of the e-mail domains nobody may join with, newest first (admins)',
    group: 'staff',
  },
  '/api/admin/block-email-domain': {
    method: 'POST',
    body: DomainBlockBody,
    answer: DomainBlockResponse,
    summary: 'Refuse sign-ups, applications and subscriptions from an e-mail domain and its subdomains (admins)',
    group: 'staff',
  },
  '/api/admin/unblock-email-domain': {
    method: 'POST',
    body: DomainBlockBody,
    answer: DomainBlockResponse,
    summary: 'Accept an e-mail domain again (admins)',
    group: 'staff',
  },
  '/api/admin/health': {
    method: 'GET',
    answer: SiteHealthResponse,
    summary: "The site's health: version, database, job queues, mail, free space, the fediverse (admins)",
    group: 'staff',
  },
  '/api/admin/failed-jobs': {
    method: 'POST',
    body: FailedJobsBody,
    answer: FailedJobsResponse,
    summary: 'A page of the background jobs given up after their last attempt, newest first (admins)',
    group: 'staff',
  },
  '/api/admin/retry-job': {
    method: 'POST',
    body: FailedJobActionBody,
    answer: FailedJobActionResponse,
    summary: 'Run a failed job again now, its attempts counted from nought (admins)',
    group: 'staff',
  },
  '/api/admin/discard-job': {
    method: 'POST',
    body: FailedJobActionBody,
    answer: FailedJobActionResponse,
    summary: 'Delete a failed job for good (admins)',
    group: 'staff',
  },

  // identity
  '/api/site': {
    method: 'GET',
    answer: SiteIdentity,
    summary: "The site's name, look, topics and navigation",
    group: 'identity',
  },
  '/api/admin/site-identity': {
    method: 'POST',
    body: UpdateSiteIdentityBody,
    answer: SiteIdentity,
    summary: "Change the site's identity; the fields left out stay (admins)",
    group: 'identity',
  },

  // statistics
  '/api/dashboard/stats': {
    method: 'POST',
    body: AuthorStatsBody,
    answer: AuthorStatsResponse,
    summary: "The signed-in author's numbers per day over a period, for one blog or all, and where reads came from",
    group: 'statistics',
  },
  '/api/admin/site-stats': {
    method: 'GET',
    answer: SiteStatsResponse,
    summary: "The site's sign-ups, blogs published, comments and reads per day over the last 90 days (admins)",
    group: 'statistics',
  },
  '/api/admin/applications': {
    method: 'POST',
    body: ApplicationsBody,
    answer: ApplicationsResponse,
    summary: 'The applications to join waiting for a decision, oldest first (admins)',
    group: 'staff',
  },
  '/api/admin/decide-application': {
    method: 'POST',
    body: DecideApplicationBody,
    answer: DecideApplicationResponse,
    summary: 'Approve an application (its account is made) or reject it; the applicant is mailed (admins)',
    group: 'staff',
  },
  '/api/admin/invites': {
    method: 'POST',
    body: InvitesBody,
    answer: InvitesResponse,
    summary: 'The invitation links, newest first (admins)',
    group: 'staff',
  },
  '/api/admin/create-invite': {
    method: 'POST',
    body: CreateInviteBody,
    answer: CreateInviteResponse,
    summary: 'Make an invitation link with an expiry and a number of uses; its token is answered once (admins)',
    group: 'staff',
  },
  '/api/admin/revoke-invite': {
    method: 'POST',
    body: RevokeInviteBody,
    answer: RevokeInviteResponse,
    summary: 'Revoke an invitation link (admins)',
    group: 'staff',
  },
  '/api/admin/delete-member': {
    method: 'POST',
    body: DeleteMemberBody,
    answer: DeleteMemberResponse,
    summary: 'Delete an account and all its content, the username typed again to confirm (admins)',
    group: 'staff',
  },
  '/api/admin/hide-blog': {
    method: 'POST',
    body: HideBlogBody,
    answer: HideBlogResponse,
    summary: 'Hide a blog from every reader, list and the fediverse; its author sees why (moderators)',
    group: 'staff',
  },
  '/api/admin/unhide-blog': {
    method: 'POST',
    body: HideBlogBody,
    answer: HideBlogResponse,
    summary: 'Give a hidden blog back to its readers (moderators)',
    group: 'staff',
  },
  '/api/admin/review-queue': {
    method: 'POST',
    body: ReviewQueueBody,
    answer: ReviewQueueResponse,
    summary: 'The blogs of members not yet trusted that wait for review, oldest first, whole (moderators)',
    group: 'staff',
  },
  '/api/admin/approve-blog': {
    method: 'POST',
    body: ReviewBlogBody,
    answer: ReviewBlogResponse,
    summary: 'Publish a blog that waits for review; its author is told (moderators)',
    group: 'staff',
  },
  '/api/admin/reject-blog': {
    method: 'POST',
    body: ReviewBlogBody,
    answer: ReviewBlogResponse,
    summary: 'Send a blog that waits for review back to its author’s drafts, telling them why (moderators)',
    group: 'staff',
  },
  '/api/admin/member/trust': {
    method: 'POST',
    body: SetTrustBody,
    answer: MemberResponse,
    summary: 'Trust a member by hand, distrust them, or leave it to the count of their blogs (moderators)',
    group: 'staff',
  },
  '/api/admin/delete-comment': {
    method: 'POST',
    body: StaffDeleteCommentBody,
    answer: StaffDeleteCommentResponse,
    summary: "Delete a comment's words, keeping its thread; its writer is told why (moderators)",
    group: 'staff',
  },
  '/api/admin/reports': {
    method: 'POST',
    body: ReportsQueueBody,
    answer: ReportsQueueResponse,
    summary: 'A page of the open reports, grouped by what they report, most reported first (moderators)',
    group: 'staff',
  },
  '/api/admin/dismiss-reports': {
    method: 'POST',
    body: DismissReportsBody,
    answer: DismissReportsResponse,
    summary: "Close a target's open reports without acting on it (moderators)",
    group: 'staff',
  },
  '/api/admin/members-matching': {
    method: 'POST',
    body: MembersMatchingBody,
    answer: MembersResponse,
    summary: 'A page of the members a filter matches (never staff), newest first, and how many in all (admins)',
    group: 'staff',
  },
  '/api/admin/bulk-standing': {
    method: 'POST',
    body: BulkStandingBody,
    answer: BulkActionResponse,
    summary:
      'Silence, suspend or restore every member a filter matches, as many as the admin saw, in the background (admins)',
    group: 'staff',
  },
  '/api/admin/bulk-delete': {
    method: 'POST',
    body: BulkDeleteBody,
    answer: BulkActionResponse,
    summary:
      'Delete every member a filter matches, with all their content, in a background job; confirmed by typing (admins)',
    group: 'staff',
  },
  '/api/admin/bulk-action': {
    method: 'POST',
    body: BulkActionBody,
    answer: BulkActionResponse,
    summary: 'A bulk action as it is now: how many members it has worked through (admins)',
    group: 'staff',
  },
  '/api/admin/bulk-actions': {
    method: 'POST',
    body: BulkActionsBody,
    answer: BulkActionsResponse,
    summary: 'A page of the bulk actions, newest first (admins)',
    group: 'staff',
  },

  // system
  '/api/health': {
    method: 'GET',
    answer: HealthResponse,
    summary: 'Whether the server and its database answer',
    group: 'system',
  },
  '/api/config': {
    method: 'GET',
    answer: PublicConfig,
    summary: "What the web app needs of the server's configuration (Google sign-in, who may join, proof of work)",
    group: 'system',
  },
  '/api/openapi.json': {
    method: 'GET',
    answer: OpenApiDocument,
    summary: 'This OpenAPI document',
    group: 'system',
  },
} as const satisfies Record<string, ApiCall>;

export type ApiPaths = typeof API_PATHS;
export type ApiPath = keyof ApiPaths;

/** The paths with `:name` parts, as patterns a path as sent matches. */
const TEMPLATES = Object.keys(API_PATHS)
  .filter((path) => path.includes(':'))
  .map((path) => ({ path: path as ApiPath, pattern: new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`) }));

/** The call a path as sent is: its own entry, or the one whose `:name` parts it fills in (`/unsubscribe/<token>`). */
export function apiCallOf(path: string): ApiCall | undefined {
  if (Object.hasOwn(API_PATHS, path)) return API_PATHS[path as ApiPath];
  const template = TEMPLATES.find(({ pattern }) => pattern.test(path));
  return template && API_PATHS[template.path];
}
