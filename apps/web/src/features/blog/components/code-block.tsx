import { CODE_LANGUAGES, isCodeLanguage, type ContentBlock } from '@inkwell/contracts';
import { CopyCodeIsland } from '../copy-code-island.tsx';
import { sanitizeHighlightedCode } from './inline-html.tsx';

type CodeData = Extract<ContentBlock, { type: 'code' }>['data'];

/**
 * A code block as the server highlighted it (`html`, made when the blog was saved), or its plain
 * text, with its Copy. Long lines scroll inside the block, which the keyboard can focus to scroll it.
 */
export function CodeBlock({ data }: { data: CodeData }) {
  const language = isCodeLanguage(data.language) ? data.language : 'plain';
  const code =
    data.html === undefined ? (
      <code className={`language-${language}`}>{data.code}</code>
    ) : (
      <code
        className={`hljs language-${language}`}
        dangerouslySetInnerHTML={{ __html: sanitizeHighlightedCode(data.html) }}
      />
    );
  return (
    <div className="prose-code">
      <div className="prose-code__bar">
        <span>{language === 'plain' ? 'Code' : CODE_LANGUAGES[language]}</span>
        <CopyCodeIsland />
      </div>
      <pre tabIndex={0}>{code}</pre>
    </div>
  );
}
