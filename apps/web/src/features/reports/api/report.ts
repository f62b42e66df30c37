import type { ReportBody, ReportResponse } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** Reports a blog, a comment or a member to the site's staff; nothing the reader sees changes. */
export const useReport = (config?: MutationConfig<ReportResponse, ReportBody>) =>
  useApiMutation((body: ReportBody) => api('/api/report', { auth: true, body }), config);
