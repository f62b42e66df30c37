/** Offers the copy autosaved in this browser when it differs from the blog as loaded. */
export function RestoreOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const when = new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div
      role="status"
      className="mx-auto mt-4 flex w-full max-w-[900px] flex-wrap items-center gap-3 rounded-md bg-amber-50 px-4 py-3 text-neutral-800"
    >
      <p className="mr-auto">This browser kept unsaved changes to this blog from {when}.</p>
      <button type="button" className="btn-dark py-1.5" onClick={onRestore}>
        Restore
      </button>
      <button type="button" className="btn-light py-1.5" onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}
