import { useRef, useState } from 'react';
import { editorPublishError, SchedulingMessages, type Blog } from '@inkwell/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSession } from '../../../lib/session.tsx';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { fetchBlogForEdit } from '../api/blog-for-edit.ts';
import { autosaveKey, readCopy, removeCopy, useAutosave, type StoredCopy } from '../autosave.ts';
import { draftishOf, editorBlogOf, sameBlog, type EditorBlog } from '../editor-blog.ts';
import { fromLocalInput, toLocalInput } from '../local-time.ts';
import type { Save } from '../api/save-blog.ts';
import { useSaveAndPublish } from '../use-save-and-publish.ts';
import { BannerUpload } from './banner-upload.tsx';
import { BlockEditor, type BlockEditorHandle } from './block-editor.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { EditorTopBar } from './editor-top-bar.tsx';
import { PublishSettings } from './publish-settings.tsx';
import { RestoreOffer } from './restore-offer.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { SharePreview } from './share-preview.tsx';
import { TitleField } from './title-field.tsx';
import { VersionPanel, VersionText } from './version-panel.tsx';

/**
 * The two states of docs/product/screens.md: writing, then publish settings (after the Publish checks) and back
 * through the close button. Editor.js stays mounted, hidden, while the settings are open.
 * `blogId` is the blog being edited (saves update it); `loaded` is what the server gave, saved at
 * `updatedAt`: a save is refused if the blog was saved since, and the conflict dialog asks what to do.
 * `published` whether it is on the site now: saving it as a draft then takes it off, so that asks first.
 * `publishAt` when a scheduled draft is to be published (its publish settings start there).
 */
export function BlogEditor({
  blogId,
  loaded: loadedBlog,
  updatedAt: loadedAt,
  published,
  publishAt,
}: {
  blogId: string | undefined;
  loaded: EditorBlog;
  updatedAt: string | undefined;
  published: boolean;
  publishAt: string | null;
}) {
  const { session } = useSession();
  const [loaded] = useState(loadedBlog);
  const storageKey = autosaveKey(session!.username, blogId);
  // The loaded blog as Editor.js writes it: what a copy is compared with (null until the editor is ready).
  const [baseline, setBaseline] = useState<EditorBlog | null>(null);
  const [copy, setCopy] = useState<StoredCopy | null>(null);
  const [blog, setBlog] = useState(loaded);
  const [publishing, setPublishing] = useState(false);
  // The datetime-local value of a scheduled publish, null to publish now.
  const [when, setWhen] = useState(publishAt && toLocalInput(publishAt));
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  // The server's version the writer's text is based on: sent with each save, so a newer one is never overwritten unasked.
  const [updatedAt, setUpdatedAt] = useState(loadedAt);
  const [conflict, setConflict] = useState<Save | null>(null);
  const [newer, setNewer] = useState<Blog | null>(null);
  const [showingHistory, setShowingHistory] = useState(false);
  const editor = useRef<BlockEditorHandle>(null);
  const finishAutosave = useAutosave(storageKey, blog, baseline, copy !== null);
  const errors = useFormErrors('editor');
  const { saving, save } = useSaveAndPublish(published, finishAutosave, errors, setConflict);
  const target = { id: blogId, updatedAt };

  const change = (patch: Partial<EditorBlog>) => setBlog((current) => ({ ...current, ...patch }));

  const onEditorReady = (content: EditorBlog['content']) => {
    const ready = { ...loaded, content };
    const stored = readCopy(storageKey);
    change({ content });
    setBaseline(ready);
    setCopy(stored && !sameBlog(stored.blog, ready) ? stored : null);
  };

  /** The blog with the editor's latest content (its change events come a little late). */
  const current = async (): Promise<EditorBlog> => {
    const content = await editor.current!.save();
    change({ content });
    return { ...blog, content };
  };

  const saveDraft = async () => save(await current(), true, target);

  const openPublishSettings = async () => {
    setConfirmingUnpublish(false);
    const error = editorPublishError(draftishOf(await current()));
    if (error) return errors.refuse(error);
    // A refusal from the writing state is not about the settings' fields.
    errors.clear();
    setPublishing(true);
  };

  const restore = async () => {
    if (!copy) return;
    setBlog(copy.blog);
    await editor.current!.render(copy.blog.content);
    setCopy(null);
  };

  const publish = () => {
    if (when === null) return save(blog, false, target);
    const at = fromLocalInput(when);
    if (at === null) return errors.refuse({ field: 'publishAt', message: SchedulingMessages.chooseTime });
    save(blog, false, target, at);
  };

  const discard = () => {
    removeCopy(storageKey);
    setCopy(null);
  };

  /** The server's version now; a failure is the toast's. */
  const latest = async () => {
    try {
      return await fetchBlogForEdit(blogId!);
    } catch (error) {
      errors.refuse((error as Error).message);
      return null;
    }
  };

  const seeNewer = async () => setNewer(await latest());

  /** Saves the refused version over the newer one (which stays in the revision history). */
  const overwrite = async () => {
    const refused = conflict!;
    const over = newer ?? (await latest());
    if (!over) return;
    setConflict(null);
    setNewer(null);
    setUpdatedAt(over.updatedAt);
    save(refused.blog, refused.draft, { id: blogId, updatedAt: over.updatedAt }, refused.publishAt);
  };

  /** Saves the refused version as a new draft, leaving the blog as the other save left it. */
  const keepBoth = () => {
    const refused = conflict!;
    setConflict(null);
    setNewer(null);
    save(refused.blog, true, {});
  };

  /** Shows a restored revision, now the server's version, in the editor. */
  const showRestored = async (restored: Blog) => {
    setShowingHistory(false);
    const next = editorBlogOf(restored);
    await editor.current!.render(next.content);
    const shown = { ...next, content: await editor.current!.save() };
    setBlog(shown);
    setBaseline(shown);
    setUpdatedAt(restored.updatedAt);
  };

  return (
    <>
      <div hidden={publishing}>
        <EditorTopBar
          title={blog.title}
          published={published}
          saving={saving}
          onPublish={openPublishSettings}
          onSaveDraft={published || publishAt ? () => setConfirmingUnpublish(true) : saveDraft}
          {...(blogId !== undefined && { onHistory: () => setShowingHistory(true) })}
        />
        {confirmingUnpublish && (
          <ConfirmDialog
            confirmLabel="Save as draft"
            busy={saving}
            onConfirm={() => {
              setConfirmingUnpublish(false);
              void saveDraft();
            }}
            onCancel={() => setConfirmingUnpublish(false)}
            className="fixed inset-x-[5vw] top-20 z-30 shadow-lg sm:left-auto sm:w-md"
          >
            {published
              ? 'Save as a draft? That takes this blog off the site: readers get “Page not found” until you publish it again.'
              : `Save as a draft? That cancels its schedule: it will not be published on ${formatDateTime(publishAt!)}. To keep it, use Publish and schedule it again.`}
          </ConfirmDialog>
        )}
        {copy && <RestoreOffer savedAt={copy.savedAt} onRestore={restore} onDiscard={discard} />}
        <main className="mx-auto box-content max-w-reading px-[5vw] py-8">
          <h1 className="sr-only">Editor</h1>
          {blogId !== undefined && !published && <SharePreview blogId={blogId} />}
          <BannerUpload banner={blog.banner} onChange={(banner) => change({ banner })} />
          <TitleField
            value={blog.title}
            onChange={(title) => change({ title })}
            onTab={() => void editor.current?.focus()}
          />
          <hr className="my-5 w-full opacity-10" />
          <BlockEditor
            ref={editor}
            initialData={loaded.content}
            onReady={onEditorReady}
            onChange={(content) => change({ content })}
          />
        </main>
      </div>
      {publishing && (
        <main>
          <PublishSettings
            blog={blog}
            published={published}
            onChange={change}
            errors={errors}
            saving={saving}
            when={when}
            onWhenChange={setWhen}
            onPublish={publish}
            onClose={() => setPublishing(false)}
          />
        </main>
      )}
      {showingHistory && blogId !== undefined && (
        <RevisionHistory
          blogId={blogId}
          errors={errors}
          onClose={() => setShowingHistory(false)}
          onRestored={(restored) => void showRestored(restored)}
        />
      )}
      {conflict && !newer && (
        <ConflictDialog
          busy={saving}
          onSeeNewer={() => void seeNewer()}
          onOverwrite={() => void overwrite()}
          onKeepBoth={keepBoth}
          onClose={() => setConflict(null)}
        />
      )}
      {newer && (
        <VersionPanel heading="The newer version" closeLabel="Close the newer version" onClose={() => setNewer(null)}>
          <VersionText
            title={newer.title}
            blocks={newer.content[0]?.blocks ?? []}
            about={`${newer.draft ? 'Draft' : 'Published'}, saved ${formatDateTime(newer.updatedAt)}`}
          />
        </VersionPanel>
      )}
    </>
  );
}
