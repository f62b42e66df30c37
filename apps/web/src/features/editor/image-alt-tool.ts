import type { BlockToolConstructorOptions } from '@editorjs/editorjs';
import ImageTool from '@editorjs/image';
import { BlockLimits } from '@inkwell/contracts';
import { storeImage } from '../../lib/upload-image.ts';

type ImageToolOptions = ConstructorParameters<typeof ImageTool>[0];

export const ALT_TEXT_LABEL = 'Alt text (for screen readers)';

/**
 * Editor.js's image block with alt text, apart from the caption: the caption is what readers see
 * under the picture, the alt text what a screen reader says for it. Saved as `data.alt`.
 */
export class ImageWithAlt extends ImageTool {
  private readonly altInput: HTMLInputElement;

  constructor(options: ImageToolOptions) {
    super(options);
    const { data, block } = options as BlockToolConstructorOptions<{ alt?: unknown }>;
    const input = document.createElement('input');
    input.className = 'cdx-input image-tool__alt';
    input.placeholder = ALT_TEXT_LABEL;
    input.setAttribute('aria-label', ALT_TEXT_LABEL);
    input.maxLength = BlockLimits.altMax;
    input.value = typeof data.alt === 'string' ? data.alt : '';
    input.addEventListener('input', () => block.dispatchChange());
    // Typing here is the field's: Enter and Backspace must not split or remove the block.
    input.addEventListener('keydown', (event) => event.stopPropagation());
    this.altInput = input;
  }

  override render(): HTMLDivElement {
    const wrapper = super.render();
    wrapper.append(this.altInput);
    return wrapper;
  }

  override save() {
    return { ...super.save(), alt: this.altInput.value.trim() };
  }
}

/** Reads `file` as the image tool reads it for its preview, and waits one more task, for that preview to be shown. */
const previewRead = (file: File) =>
  new Promise<void>((resolve) => {
    const reader = new FileReader();
    reader.onloadend = () => setTimeout(resolve);
    reader.readAsDataURL(file);
  });

/**
 * The image tool's uploader of a chosen or pasted file. The tool starts reading the file for its
 * preview just before it uploads it, and shows the preview (the block "uploading") whenever the
 * read ends: a refusal answered sooner emptied the block first, and the late preview then left it
 * uploading for good, with no picture and no way to choose another. So the answer is awaited only
 * once that read is over; reading the same file again, started after it, ends after it.
 */
export const uploadAfterPreview = {
  uploadByFile: async (file: File) => {
    await previewRead(file);
    return storeImage(file);
  },
};
