import Delimiter from '@editorjs/delimiter';
import type {
  BlockToolConstructable,
  BlockToolConstructorOptions,
  EditorConfig,
  I18nDictionary,
  OutputData,
  ToolboxConfigEntry,
} from '@editorjs/editorjs';
import Embed from '@editorjs/embed';
import Header from '@editorjs/header';
import InlineCode from '@editorjs/inline-code';
import LinkTool from '@editorjs/link';
import List from '@editorjs/list';
import Marker from '@editorjs/marker';
import Quote from '@editorjs/quote';
import Table from '@editorjs/table';
import { EMBED_ORIGINS, Messages } from '@inkwell/contracts';
import { CodeWithLanguage } from './code-tool.ts';
import { ImageWithAlt, uploadAfterPreview } from './image-alt-tool.ts';
import './editor-blocks.css';

/**
 * Editor.js's own inline link tool is called 'link', and a block tool of the same name would
 * replace it; so the link-preview block runs as 'linkTool' and is stored as 'link' (docs/product/data.md).
 */
const LINK_BLOCK = 'linkTool';
const renameBlocks = (data: OutputData, from: string, to: string): OutputData => ({
  ...data,
  blocks: data.blocks.map((block) => (block.type === from ? { ...block, type: to } : block)),
});
export const toEditorData = (stored: OutputData) => renameBlocks(stored, 'link', LINK_BLOCK);
export const toStoredData = (saved: OutputData) => renameBlocks(saved, LINK_BLOCK, 'link');

const CHECKLIST = 'checklist';

/** docs/product/screens.md lists are ordered or unordered: the checklist style is taken out of the toolbox and the settings. */
class OrderedOrUnorderedList extends List {
  static override get toolbox() {
    return (super.toolbox as ToolboxConfigEntry[]).filter((entry) => entry.data?.style !== CHECKLIST);
  }

  override renderSettings() {
    return super.renderSettings().filter((item) => !('label' in item) || item.label?.toLowerCase() !== CHECKLIST);
  }
}

/**
 * A new table starts with a heading row (the table tool reads its `withHeadings` from the block's
 * data, never from its config, once Editor.js hands it the new block's empty data). Its own
 * declarations make the config required, which Editor.js may leave out: hence the cast.
 */
class TableWithHeadings extends (Table as unknown as BlockToolConstructable) {
  constructor(options: BlockToolConstructorOptions<{ withHeadings?: boolean }>) {
    super({ ...options, data: { withHeadings: true, ...options.data } });
  }
}

/** The embed services Editor.js knows that the server also accepts (the others would be refused on save). */
const embedServices = Object.fromEntries(Object.keys(EMBED_ORIGINS).map((service) => [service, true]));

/**
 * The tools of docs/product/screens.md with the settings of docs/product/rules.md, and issue 17's code, delimiter and table blocks
 * (the markdown shortcuts make ``` a `code` block and --- a `delimiter`: these names are theirs too).
 * `token` signs the image uploads and link previews (the spec's (A) calls).
 */
export function editorTools(token: string | undefined): EditorConfig['tools'] {
  const authorization = token ? { authorization: `Bearer ${token}` } : {};
  return {
    header: {
      class: Header,
      inlineToolbar: true,
      config: { placeholder: 'Heading', levels: [1, 2, 3, 4, 5, 6], defaultLevel: 2 },
    },
    image: {
      class: ImageWithAlt,
      config: {
        // A file goes through our own uploader (the app's API client), an address through the tool's.
        uploader: uploadAfterPreview,
        endpoints: { byUrl: '/api/upload/image-by-url' },
        types: 'image/*',
        additionalRequestHeaders: authorization,
        captionPlaceholder: 'Caption',
      },
    },
    quote: {
      class: Quote,
      inlineToolbar: true,
      config: { quotePlaceholder: 'Enter a quote', captionPlaceholder: 'Enter a caption', defaultAlignment: 'left' },
    },
    list: { class: OrderedOrUnorderedList, inlineToolbar: true, config: { defaultStyle: 'unordered' } },
    [LINK_BLOCK]: { class: LinkTool, config: { endpoint: '/api/link-preview', headers: authorization } },
    embed: { class: Embed, inlineToolbar: true, config: { services: embedServices } },
    code: { class: CodeWithLanguage, config: { placeholder: 'Enter code' } },
    delimiter: { class: Delimiter },
    table: { class: TableWithHeadings, inlineToolbar: true, config: { rows: 2, cols: 2 } },
    marker: { class: Marker, shortcut: 'CMD+SHIFT+M' },
    inlineCode: { class: InlineCode, shortcut: 'CMD+SHIFT+C' },
  };
}

/** The tools' notices in our words (docs/product/rules.md), whatever wording a tool's next version ships with. */
export const editorMessages: I18nDictionary = {
  tools: {
    image: { 'Couldn’t upload image. Please try another.': Messages.editorImageFailed },
    [LINK_BLOCK]: {
      "Couldn't fetch the link data": Messages.linkFetchFailed,
      "Couldn't get this link data, try the other one": Messages.linkTryOther,
      'Wrong response format from the server': Messages.linkWrongFormat,
    },
  },
};

export const INLINE_TOOLS = ['bold', 'italic', 'link', 'marker', 'inlineCode'];
