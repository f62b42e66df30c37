import { useEffect, useState } from 'react';
import { CODE_LANGUAGES, isCodeLanguage, type ContentBlock } from '@inkwell/contracts';
import { useHydrated } from '../../../lib/hydration.ts';
import { notifyError } from '../../../lib/notify.ts';
import { sanitizeHighlightedCode } from './inline-html.tsx';

type CodeData = Extract<ContentBlock, { type: 'code' }>['data'];

/** How long the button says Copied. */
const COPIED_MS = 2000;

/** Copies the code; it says so on the button and to screen readers. A page without JavaScript has none. */
function CopyButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      notifyError('Could not copy the code');
    }
  };
  return (
    <>
      <button type="button" className="prose-code__copy" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
        <span className="sr-only"> code</span>
      </button>
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}

/**
 * A code block as the server highlighted it (`html`, made when the blog was saved), or its plain text;
 * the same markup on the server and in hydration. Long lines scroll inside the block, which the
 * keyboard can focus to scroll it.
 */
export function CodeBlock({ data }: { data: CodeData }) {
  const hydrated = useHydrated();
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
        {hydrated && <CopyButton code={data.code} />}
      </div>
      <pre tabIndex={0}>{code}</pre>
    </div>
  );
}
