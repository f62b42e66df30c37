import CodeTool, { type CodeToolConstructorOptions } from '@editorjs/code';
import { CODE_LANGUAGES, DEFAULT_CODE_LANGUAGE, isCodeLanguage, type CodeLanguage } from '@inkwell/contracts';

let selectIds = 0;

/**
 * Editor.js's code block with the language it is written in, chosen in a labelled select above the
 * code. It saves exactly `{code, language}`; the server highlights the code for readers.
 */
export class CodeWithLanguage extends CodeTool {
  private language: CodeLanguage;
  private readonly blockApi: CodeToolConstructorOptions['block'];

  constructor(options: CodeToolConstructorOptions) {
    super(options);
    const saved = String((options.data as { language?: unknown }).language ?? '');
    this.language = isCodeLanguage(saved) ? saved : DEFAULT_CODE_LANGUAGE;
    this.blockApi = options.block;
  }

  override render(): HTMLDivElement {
    const holder = super.render();
    if (!holder.querySelector('select')) {
      holder.prepend(this.languagePicker());
      // Tab indents the code (the tool's own keys), so Escape lets the keyboard out: the next Tab goes on from here.
      const code = holder.querySelector('textarea');
      code?.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') code.blur();
      });
      // A textarea's value changes no DOM, so Editor.js would not notice typing (nor would the autosaved copy).
      code?.addEventListener('input', () => this.blockApi.dispatchChange());
    }
    return holder;
  }

  override save(wrapper: HTMLDivElement) {
    return { ...super.save(wrapper), language: this.language };
  }

  private languagePicker(): HTMLElement {
    const id = `code-language-${++selectIds}`;
    const picker = document.createElement('div');
    picker.className = 'code-tool__language';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = 'Language';
    const select = document.createElement('select');
    select.id = id;
    for (const [value, name] of Object.entries(CODE_LANGUAGES))
      select.add(new Option(name, value, false, value === this.language));
    select.addEventListener('change', () => {
      this.language = select.value as CodeLanguage;
      this.blockApi.dispatchChange();
    });
    // Arrows, Enter and Backspace choose a language here: they are not the editor's to move or split blocks with.
    select.addEventListener('keydown', (event) => event.stopPropagation());
    picker.append(label, select);
    return picker;
  }
}
