import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useExportData } from './api/export-data.ts';

/** docs/product/screens.md Your data: a zip of everything the member put in, to keep or to take to another site. */
export function YourDataPage() {
  usePageTitle('Your data');
  const download = useExportData({
    onMutate: () => formProgress('export-data', 'Preparing your download…'),
    onSuccess: () => formSuccess('export-data', 'Your data is downloaded'),
    onError: (error) => formError('export-data', error.message),
  });

  return (
    <section className="w-full md:max-w-[400px]">
      <h1 className="mb-8 text-2xl max-md:sr-only">Your data</h1>
      <p className="mb-4 leading-7">
        Download a zip of everything you put in: your profile and picture, every blog (drafts too) with its revisions
        and the images it uses, your comments, likes, follows, reading list and e-mail subscriptions.
      </p>
      <p className="mb-8 leading-7 text-neutral-600">
        Each blog is there twice: as JSON, which a site like this one imports as it was, and as Markdown, which Hugo,
        Jekyll or any editor opens.
      </p>
      <button type="button" className="btn-dark px-10" disabled={download.isPending} onClick={() => download.mutate()}>
        Download your data
      </button>
    </section>
  );
}
