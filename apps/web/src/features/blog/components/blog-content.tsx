import { embedPlayerUrl, webUrl, type ContentBlock, type ListItem } from '@inkwell/contracts';
import { ResponsiveImage } from '../../../components/responsive-image.tsx';
import { CodeBlock } from './code-block.tsx';
import { InlineHtml, inlineText, sanitizeInlineHtml, useLinkRel } from './inline-html.tsx';

type BlockOf<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>['data'];

// The blocks' look lives in prose.css (`.prose-inkwell`), shared with the editor.

/** How wide the reading column shows an image: 37.5rem, or the screen less its 5vw margins. */
export const READING_COLUMN_SIZES = '(min-width: 667px) 600px, 90vw';

function ImageBlock({ data }: { data: BlockOf<'image'> }) {
  // Blocks saved before uploads answered their size keep the old 16:9 guess.
  const { url, width = 1200, height = 675 } = data.file;
  const look = [
    'prose-image',
    data.withBorder && 'prose-image--border',
    data.withBackground && 'prose-image--background',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <figure className={look}>
      <div className="prose-image__frame">
        <ResponsiveImage
          src={url}
          // Blocks saved before images had alt text fall back on their caption's text.
          alt={data.alt || inlineText(data.caption)}
          width={width}
          height={height}
          naturalWidth={data.file.width}
          sizes={READING_COLUMN_SIZES}
          loading="lazy"
          decoding="async"
        />
      </div>
      {data.caption && <InlineHtml as="figcaption" html={data.caption} />}
    </figure>
  );
}

function QuoteBlock({ data }: { data: BlockOf<'quote'> }) {
  return (
    <figure className={`prose-quote ${data.alignment === 'center' ? 'prose-quote--center' : ''}`}>
      <InlineHtml as="blockquote" html={data.text} />
      {data.caption && <InlineHtml as="figcaption" html={data.caption} />}
    </figure>
  );
}

function ListItems({ ordered, items }: { ordered: boolean; items: (string | ListItem)[] }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag>
      {items.map((item, i) => (
        <li key={i}>
          <InlineHtml as="div" html={typeof item === 'string' ? item : item.content} />
          {typeof item !== 'string' && item.items.length > 0 && <ListItems ordered={ordered} items={item.items} />}
        </li>
      ))}
    </Tag>
  );
}

function LinkBlock({ data }: { data: BlockOf<'link'> }) {
  const rel = useLinkRel();
  const url = webUrl(data.link);
  if (!url) return null;
  const { title, description, image } = data.meta;
  return (
    <a href={url.href} target="_blank" rel={rel} className="prose-link-card flex items-center">
      <span className="min-w-0 flex-1">
        <span className="prose-link-card__title block">{title || url.hostname}</span>
        {description && <span className="prose-link-card__description line-clamp-2">{description}</span>}
        <span className="prose-link-card__host block">{url.hostname}</span>
      </span>
      {image && (
        <img
          src={image.url}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className="prose-link-card__image flex-none object-cover"
        />
      )}
    </a>
  );
}

function EmbedBlock({ data }: { data: BlockOf<'embed'> }) {
  const src = embedPlayerUrl(data.service, data.embed);
  const source = webUrl(data.source);
  const rel = useLinkRel();
  return (
    <figure className="prose-embed">
      {src ? (
        <iframe
          src={src}
          title={`${data.service} embed`}
          width={data.width ?? 580}
          height={data.height ?? 320}
          loading="lazy"
          // Scripts run in the player's own origin, never ours; no forms, no top navigation.
          sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
          allow="encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        source && (
          <a href={source.href} target="_blank" rel={rel}>
            {source.href}
          </a>
        )
      )}
      {data.caption && <InlineHtml as="figcaption" html={data.caption} />}
    </figure>
  );
}

function TableBlock({ data }: { data: BlockOf<'table'> }) {
  const [first = [], ...rest] = data.content;
  const rel = useLinkRel();
  const cell = (Tag: 'td' | 'th', html: string, i: number) => (
    <Tag
      key={i}
      {...(Tag === 'th' && { scope: 'col' })}
      dangerouslySetInnerHTML={{ __html: sanitizeInlineHtml(html, rel) }}
    />
  );
  const rows = (cells: string[][]) =>
    cells.map((row, r) => <tr key={r}>{row.map((html, i) => cell('td', html, i))}</tr>);
  // A wide table scrolls in its own box (which the keyboard can focus to scroll), never the page.
  return (
    <div className="prose-table" tabIndex={0}>
      <table>
        {data.withHeadings && (
          <thead>
            <tr>{first.map((html, i) => cell('th', html, i))}</tr>
          </thead>
        )}
        <tbody>{rows(data.withHeadings ? rest : data.content)}</tbody>
      </table>
    </div>
  );
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <InlineHtml as="p" html={block.data.text} />;
    case 'header':
      // The page title is the h1; the editor's levels map onto the two the spec renders.
      return <InlineHtml as={block.data.level <= 2 ? 'h2' : 'h3'} html={block.data.text} />;
    case 'image':
      return <ImageBlock data={block.data} />;
    case 'quote':
      return <QuoteBlock data={block.data} />;
    case 'list':
      return <ListItems ordered={block.data.style === 'ordered'} items={block.data.items} />;
    case 'link':
      return <LinkBlock data={block.data} />;
    case 'embed':
      return <EmbedBlock data={block.data} />;
    case 'code':
      return <CodeBlock data={block.data} />;
    case 'delimiter':
      return <hr className="prose-delimiter" />;
    case 'table':
      return <TableBlock data={block.data} />;
  }
}

/** Every content block of docs/product/data.md, in order. */
export function BlogContent({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="prose-inkwell">
      {blocks.map((block, i) => (
        <Block key={block.id ?? i} block={block} />
      ))}
    </div>
  );
}
