import { downloadFile } from '../../../lib/download.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

/** The member's zip of everything they put in, saved as a download. */
export const useExportData = (config?: MutationConfig<void>) =>
  useApiMutation(() => downloadFile('/api/account/export'), config);
