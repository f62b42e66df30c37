import { downloadFile, type DownloadPath } from '../lib/download.ts';
import { formError, formProgress, formSuccess } from '../lib/notify.ts';
import { useApiMutation } from '../lib/use-api-mutation.ts';

/** What a download button says: on itself, while the server writes the file, and once it is saved. */
export interface DownloadWords {
  label: string;
  preparing: string;
  done: string;
}

/** Saves the file a call answers (an export) as a download; its progress and any failure are the toast named `form`. */
export function DownloadButton({ path, form, words }: { path: DownloadPath; form: string; words: DownloadWords }) {
  const download = useApiMutation(() => downloadFile(path), {
    onMutate: () => formProgress(form, words.preparing),
    onSuccess: () => formSuccess(form, words.done),
    onError: (error) => formError(form, error.message),
  });
  return (
    <button type="button" className="btn-dark px-10" disabled={download.isPending} onClick={() => download.mutate()}>
      {words.label}
    </button>
  );
}
