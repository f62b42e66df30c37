import EditorJS, { type OutputData } from '@editorjs/editorjs';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { currentToken } from '../../../lib/session.tsx';
import { editorMessages, editorTools, INLINE_TOOLS, toEditorData, toStoredData } from '../editor-tools.ts';
import { attachMarkdownShortcuts } from '../markdown-shortcuts.ts';
import { attachSlashMenu } from '../slash-menu.ts';

/** Saved output in its stored form, and a way to show another version (Restore). */
export interface BlockEditorHandle {
  save(): Promise<OutputData>;
  render(data: OutputData): Promise<void>;
  /**
   * Puts the caret at the start of the first block through Editor.js, as a Tab into it would. A
   * native Tab leaves Editor.js to learn which block it is in from a selectionchange it debounces:
   * a writer quick to type a line and press Enter would get a line break instead of a new block.
   */
  focus(): Promise<void>;
}

/** How long Editor.js must be quiet before its content is read for the autosaved copy. */
const CHANGE_DELAY_MS = 300;

/**
 * Editor.js with the tools of docs/product/screens.md. It is built once per mount, in a holder of its own, so
 * StrictMode's second mount never shares a DOM node with the first instance being torn down.
 */
export function BlockEditor({
  initialData,
  onReady,
  onChange,
  ref,
}: {
  initialData: OutputData;
  /** The initial content as Editor.js itself saves it (its sanitizer has its own opinions). */
  onReady: (data: OutputData) => void;
  onChange: (data: OutputData) => void;
  ref: Ref<BlockEditorHandle>;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<EditorJS | null>(null);
  const callbacks = useRef({ onReady, onChange });
  const [initial] = useState(initialData);

  useEffect(() => {
    callbacks.current = { onReady, onChange };
  });

  useEffect(() => {
    const holder = document.createElement('div');
    containerRef.current!.append(holder);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    /**
     * Hands the editor's content, in its stored form, to the latest callback (never after unmount:
     * Editor.js may still report a change while it is torn down, and a destroyed editor has no save).
     */
    const report = async (event: 'onReady' | 'onChange') => {
      if (unmounted) return;
      await editor
        .save()
        .then((data) => !unmounted && callbacks.current[event](toStoredData(data)))
        .catch((error: unknown) => console.warn('Could not read the editor', error));
    };
    const tools = editorTools(currentToken());
    const editor = new EditorJS({
      holder,
      data: toEditorData(initial),
      tools,
      inlineToolbar: INLINE_TOOLS,
      i18n: { messages: editorMessages },
      placeholder: "Let's write an awesome story",
      minHeight: 120,
      onReady: () => {
        // The holder goes with this editor, and its listeners with it.
        attachMarkdownShortcuts(holder, editor, new Set(['paragraph', ...Object.keys(tools ?? {})]));
        attachSlashMenu(holder, editor);
        void report('onReady');
      },
      onChange: () => {
        clearTimeout(timer);
        timer = setTimeout(() => void report('onChange'), CHANGE_DELAY_MS);
      },
    });
    editorRef.current = editor;
    return () => {
      unmounted = true;
      clearTimeout(timer);
      holder.remove();
      editorRef.current = null;
      editor.isReady.then(() => editor.destroy()).catch(() => undefined);
    };
  }, [initial]);

  useImperativeHandle(
    ref,
    () => ({
      async save() {
        const editor = editorRef.current!;
        await editor.isReady;
        return toStoredData(await editor.save());
      },
      async render(data) {
        const editor = editorRef.current!;
        await editor.isReady;
        await editor.render(toEditorData(data));
      },
      async focus() {
        const editor = editorRef.current!;
        await editor.isReady;
        editor.caret.setToFirstBlock('start');
      },
    }),
    [],
  );

  // Written in the blog page's own type and blocks (prose.css), so what the writer sees is what readers get.
  return <div ref={containerRef} className="prose-inkwell" />;
}
