import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { useCreatePreviewLink, useRevokePreviewLink } from '../api/preview-link.ts';

/**
 * Share preview (a saved draft only): a secret link that shows the draft, as last saved, to whoever
 * has it. A new link ends the old one; Revoke link ends any. The link is shown once, as the server keeps only its hash.
 */
export function SharePreview({ blogId }: { blogId: string }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const panelId = useId();
  const linkId = useId();

  const create = useCreatePreviewLink(blogId, {
    onSuccess: (created) => {
      setUrl(created);
      setStatus('A new preview link was made; any earlier link no longer works.');
    },
    onError: (e) => toast.error(e.message),
  });
  const revoke = useRevokePreviewLink(blogId, {
    onSuccess: () => {
      setUrl(null);
      setStatus('The preview link was revoked: it no longer works.');
    },
    onError: (e) => toast.error(e.message),
  });
  const busy = create.isPending || revoke.isPending;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url!);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it yourself');
    }
  };

  return (
    <section aria-label="Preview link" className="mb-6">
      <button
        type="button"
        className="underline underline-offset-4"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Share preview
      </button>
      <div id={panelId} hidden={!open} className="mt-3 rounded-md border border-neutral-200 p-4">
        <p className="mb-3 text-neutral-600">
          Anyone with the link can read this draft as last saved, before it is published.
        </p>
        {url && (
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <label htmlFor={linkId} className="sr-only">
              Preview link
            </label>
            <input
              id={linkId}
              type="text"
              readOnly
              value={url}
              onFocus={(event) => event.target.select()}
              className="input-box min-w-0 flex-1"
            />
            <button type="button" className="btn-light py-2" onClick={() => void copy()}>
              Copy link
            </button>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-dark py-2" onClick={() => create.mutate()} disabled={busy}>
            {url ? 'Create a new link' : 'Create link'}
          </button>
          <button type="button" className="btn-light py-2" onClick={() => revoke.mutate()} disabled={busy}>
            Revoke link
          </button>
        </div>
        <p role="status" className="mt-3 text-sm text-neutral-600">
          {status}
        </p>
      </div>
    </section>
  );
}
