import { z } from 'zod';

/*
 * Imports (docs/product/rules.md, "Importing"): a member uploads another platform's export, the
 * server reads it whole (refusing it whole if it cannot), then writes each post as a blog in the
 * background; the status call follows it to the end and its report.
 */

/** The formats an import reads. */
export const IMPORT_SOURCES = ['wordpress', 'ghost', 'medium', 'markdown', 'inkwell'] as const;
export type ImportSourceName = (typeof IMPORT_SOURCES)[number];

/** Whose blogs an import writes: the importer's own, or (admins) each post's author's, found or made by e-mail. */
export const IMPORT_SCOPES = ['own', 'site'] as const;
export type ImportScope = (typeof IMPORT_SCOPES)[number];

/**
 * The fields of `POST /api/imports` (multipart/form-data): the export in `file`; `site_url`, the
 * old site's address (Ghost's exports name it `__GHOST_URL__`; links and images on it are found);
 * `scope`, `own` (the default) or `site`.
 */
export const ImportFormFields = { file: 'file', siteUrl: 'site_url', scope: 'scope' } as const;

/**
 * The upload's bound in megabytes (import-limits.ts ImportLimits.fileMaxBytes is made of it). Here,
 * in a module of schemas, so that the import screen, which checks it before sending, never brings
 * import-limits.ts into the zod-free contracts every reading page loads.
 */
export const IMPORT_FILE_MAX_MB = 50;

/** What the import screen says before it sends a file, as the server would (error-codes.ts names them); a module of schemas, for the same reason. */
export const ImportMessages = {
  fileRequired: 'Choose the export file to import',
  tooLarge: `The file is larger than ${IMPORT_FILE_MAX_MB} MB`,
} as const;

/** Who a source's author becomes in a site import. */
export const ImportAuthorMapping = z.object({
  /** The source's name for them. */
  name: z.string(),
  email: z.string().nullable(),
  /**
   * `member`: the member with that e-mail (`username`); `new`: an account made with that e-mail,
   * mailed a link to choose a password; `importer`: no usable e-mail, so their posts are the importer's.
   */
  becomes: z.enum(['member', 'new', 'importer']),
  username: z.string().nullable(),
  posts: z.number().int(),
});
export type ImportAuthorMapping = z.infer<typeof ImportAuthorMapping>;

/** `POST /api/imports`' answer: the import started, and what the file held. */
export const ImportStarted = z.object({
  id: z.uuid(),
  source: z.enum(IMPORT_SOURCES),
  scope: z.enum(IMPORT_SCOPES),
  posts: z.number().int(),
  drafts: z.number().int(),
  /** A site import's authors and who each becomes; empty for an import of one's own. */
  authors: z.array(ImportAuthorMapping),
});
export type ImportStarted = z.infer<typeof ImportStarted>;

/** `POST /api/imports/status`: one import, by the id its upload answered. */
export const ImportStatusBody = z.object({ id: z.string().max(100) });
export type ImportStatusBody = z.infer<typeof ImportStatusBody>;

/** What could not be brought over, and why: about a post (its title), or the file as a whole (null). */
export const ImportReportLine = z.object({ post: z.string().nullable(), problem: z.string() });
export type ImportReportLine = z.infer<typeof ImportReportLine>;

/** An import as it stands: its progress (posts done of total, images fetched) and, growing as it goes, its report. */
export const ImportProgress = z.object({
  _id: z.uuid(),
  source: z.enum(IMPORT_SOURCES),
  scope: z.enum(IMPORT_SCOPES),
  state: z.enum(['running', 'done']),
  postsTotal: z.number().int(),
  /** Posts handled: imported, skipped, or left out (the report says why). */
  postsDone: z.number().int(),
  /** Posts that became blogs. */
  postsImported: z.number().int(),
  /** Posts the same member had imported before, left as they are. */
  postsSkipped: z.number().int(),
  imagesFetched: z.number().int(),
  report: z.array(ImportReportLine),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

export const ImportStatusResponse = z.object({ import: ImportProgress });
export type ImportStatusResponse = z.infer<typeof ImportStatusResponse>;

/** `POST /api/imports/list`: the caller's latest imports, newest first (their reports left out). */
export const ImportListResponse = z.object({ imports: z.array(ImportProgress.omit({ report: true })) });
export type ImportListResponse = z.infer<typeof ImportListResponse>;
