import type { BlockToolConstructorOptions } from '@editorjs/editorjs';
import ImageTool from '@editorjs/image';
import { BlockLimits } from '@inkwell/contracts';

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
