/**
 * Told to the author of a blog the site's staff hid (nobody else can load it): that it is hidden,
 * and why. The same words on the blog's page and on the author's dashboard.
 */
export function HiddenNotice({ reason, className = '' }: { reason: string; className?: string }) {
  return (
    <p role="note" className={`rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-900 ${className}`}>
      Hidden by the site’s staff: nobody else can read it{reason ? `. Reason: “${reason}”` : '.'}
    </p>
  );
}
