import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Limits, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTarget } from '@inkwell/contracts';
import { formError, formSuccess } from '../../../lib/notify.ts';
import { useReport } from '../api/report.ts';

export interface ReportControlProps {
  target: ReportTarget;
}

/** What is reported, in the dialog's title and the button's accessible name. */
const named = (target: ReportTarget) =>
  target.type === 'user' ? `@${target.username}` : target.type === 'blog' ? 'this blog' : 'this comment';

/** Report, and the small dialog it opens below itself: a reason, words if the reader has any, Send. */
export function ReportControl({ target }: ReportControlProps) {
  const what = named(target);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="w-fit text-neutral-600 underline underline-offset-2 hover:text-neutral-900"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        Report<span className="sr-only"> {what}</span>
      </button>
      {open && <ReportDialog id={dialogId} target={target} what={what} onClose={close} />}
    </>
  );
}

/**
 * Not modal: it sits in the page (or the comments panel) under its button. Focus starts on the
 * first reason; Escape or Cancel closes it and gives focus back to Report.
 */
function ReportDialog({
  id,
  target,
  what,
  onClose,
}: ReportControlProps & { id: string; what: string; onClose: () => void }) {
  const titleId = useId();
  const firstReason = useRef<HTMLInputElement>(null);
  useEffect(() => firstReason.current?.focus(), []);
  const toast = `report-${id}`;
  const report = useReport({
    onSuccess: () => {
      formSuccess(toast, 'Thank you: the site’s staff will look at it');
      onClose();
    },
    onError: (error) => formError(toast, error.message),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    report.mutate({
      target,
      reason: String(data.get('reason')) as ReportReason,
      words: String(data.get('words') ?? ''),
    });
  };

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      className="mt-2 w-full max-w-[320px] rounded-md border border-neutral-100 p-4"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // The comments panel closes on Escape too: this one closes first, alone.
        event.stopPropagation();
        onClose();
      }}
    >
      <form onSubmit={onSubmit}>
        <fieldset>
          <legend id={titleId} className="mb-2 font-medium">
            Report {what} to the site’s staff
          </legend>
          {REPORT_REASONS.map((reason, i) => (
            <label key={reason} className="flex items-center gap-2 py-1">
              <input ref={i === 0 ? firstReason : undefined} type="radio" name="reason" value={reason} required />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </fieldset>
        <label className="mt-3 block">
          <span className="mb-1 block text-neutral-600">Anything the staff should know (optional)</span>
          <textarea name="words" maxLength={Limits.reportWordsMax} rows={3} className="input-box" />
        </label>
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="submit" className="btn-dark px-5 py-2" disabled={report.isPending}>
            Send
          </button>
          <button type="button" className="btn-light px-5 py-2" disabled={report.isPending} onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}
