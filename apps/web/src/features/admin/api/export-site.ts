import { downloadFile } from '../../../lib/download.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** The whole site's zip, saved as a download (admins). */
export const useExportSite = (config?: MutationConfig<void>) =>
  useApiMutation(() => downloadFile('/api/admin/export'), config);
