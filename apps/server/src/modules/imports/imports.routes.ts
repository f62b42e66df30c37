import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FORM_DATA,
  IMPORT_SCOPES,
  ImportFormFields,
  ImportLimits,
  ImportListResponse,
  ImportStarted,
  ImportStatusBody,
  ImportStatusResponse,
  webUrl,
  type ImportScope,
} from '@inkwell/contracts';
import { BODY_ERRORS, badRequest, errorResponses, HttpError } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { checkScope, importStatus, myImports, startImport } from './imports.service.ts';

interface ImportForm {
  file: Buffer;
  siteUrl: string | undefined;
  scope: ImportScope;
}

const isScope = (value: string): value is ImportScope => (IMPORT_SCOPES as readonly string[]).includes(value);

/** The upload's form: the file whole (at most ImportLimits.fileMaxBytes, else 413 import_too_large), the old site's address, the scope. */
async function readForm(request: FastifyRequest): Promise<ImportForm> {
  let file: Buffer | undefined;
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'field') fields.set(part.fieldname, String(part.value));
    else if (part.fieldname !== ImportFormFields.file) part.file.resume();
    else {
      try {
        file = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, 'import_too_large');
        throw error;
      }
    }
  }
  if (!file?.length) throw badRequest('import_file_required');
  const scope = fields.get(ImportFormFields.scope)?.trim() || 'own';
  if (!isScope(scope)) throw badRequest({ code: 'validation_failed', message: 'scope must be own or site' });
  const siteUrl = fields.get(ImportFormFields.siteUrl)?.trim() || undefined;
  if (siteUrl !== undefined && !webUrl(siteUrl)) throw badRequest('import_site_url_invalid');
  return { file, siteUrl, scope };
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: ImportLimits.fileMaxBytes, files: 1, fields: 5, parts: 10 },
  });

  app.post(
    '/api/imports',
    {
      // An import publishes: it asks what publishing asks (an active member, confirmed where the site says so).
      preValidation: app.requireVerifiedUser,
      config: { rateLimits: ['importUpload'] },
      schema: {
        description: `A multipart/form-data upload: the export in \`${ImportFormFields.file}\` (at most ${ImportLimits.fileMaxBytes / 1024 / 1024} MB), the old site's address in \`${ImportFormFields.siteUrl}\` (optional), \`${ImportFormFields.scope}\` \`own\` (the default) or \`site\` (admins). The file is read whole before anything is written; a refused one writes nothing.`,
        consumes: [FORM_DATA],
        response: { 200: ImportStarted, ...errorResponses([...BODY_ERRORS, 401, 403, 429]) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const form = await readForm(request);
      checkScope(user, form.scope);
      // The readers of the five formats are loaded by the first upload: 6 MiB of heap (Markdown, HTML,
      // YAML, TOML, zip) that a server nobody imports to need not hold.
      const { readImport } = await import('./read-import.ts');
      const read = await readImport(form.file, { siteUrl: form.siteUrl });
      return startImport(app.db, user, read, form.scope);
    },
  );

  app.post(
    '/api/imports/status',
    {
      preValidation: app.requireUser,
      config: { keepsReadCache: true },
      schema: { body: ImportStatusBody, response: { 200: ImportStatusResponse, ...errorResponses([400, 401, 404]) } },
    },
    async (request) => importStatus(app.db, signedInUser(request), request.body.id),
  );

  app.post(
    '/api/imports/list',
    {
      preValidation: app.requireUser,
      config: { keepsReadCache: true },
      schema: { response: { 200: ImportListResponse, ...errorResponses([401]) } },
    },
    async (request) => myImports(app.db, signedInUser(request)),
  );
};
