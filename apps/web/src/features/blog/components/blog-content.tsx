import { embedPlayerUrl, webUrl, type ContentBlock, type ListItem } from '@inkwell/contracts';
import { InlineHtml, inlineText } from './inline-html.tsx';

type BlockOf<T extends ContentBlock['type']> = Extract<ContentBlock, { type: T }>['data'];

function ImageBlock({ data }: { data: BlockOf<'image'> }) {
  const frame = [data.withBorder && 'border border-neutral-300', data.withBackground && 'bg-neutral-100 p-4 sm:p-8'].filter(Boolean).join(' ');
  const size = data.stretched ? 'w-full' : data.withBackground ? 'mx-auto max-w-[60%]' : 'mx-auto max-w-full';
  return (
    <figure className="my-8">
      <div className={frame}>
        <img src={data.file.url} alt={inlineText(data.caption)} width={1200} height={675} loading="lazy" decoding="async" className={`h-auto ${size}`} />
      </div>
      {data.caption && <InlineHtml as="figcaption" html={data.caption} className="mt-3 block text-center text-base text-neutral-500" />}
    </figure>
  );
}

function QuoteBlock({ data }: { data: BlockOf<'quote'> }) {
  return (
    <figure className={`my-8 rounded-r-md border-l-4 border-neutral-900 bg-neutral-50 p-5 ${data.alignment === 'center' ? 'text-center' : 'text-left'}`}>
      <blockquote>
        <InlineHtml as="p" html={data.text} className="font-serif text-xl leading-9" />
      </blockquote>
      {data.caption && <InlineHtml as="figcaption" html={data.caption} className="mt-3 block text-base text-neutral-500" />}
    </figure>
  );
}

function ListItems({ ordered, items }: { ordered: boolean; items: (string | ListItem)[] }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className={`pl-6 ${ordered ? 'list-decimal' : 'list-disc'} [&_ol]:mt-2 [&_ul]:mt-2`}>
      {items.map((item, i) => (
        <li key={i} className="my-2 pl-1 leading-8">
          <InlineHtml html={typeof item === 'string' ? item : item.content} />
          {typeof item !== 'string' && item.items.length > 0 && <ListItems ordered={ordered} items={item.items} />}
        </li>
      ))}
    </Tag>
  );
}

function LinkBlock({ data }: { data: BlockOf<'link'> }) {
  const url = webUrl(data.link);
  if (!url) return null;
  const { title, description, image } = data.meta;
  return (
    <a
      href={url.href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="my-8 flex items-center gap-4 rounded-lg border border-neutral-200 p-4 no-underline hover:bg-neutral-50"
    >
      <span className="min-w-0 flex-1">
        <span className="block font-bold">{title || url.hostname}</span>
        {description && <span className="mt-1 line-clamp-2 block text-base text-neutral-600">{description}</span>}
        <span className="mt-2 block text-sm text-neutral-500">{url.hostname}</span>
      </span>
      {image && <img src={image.url} alt="" width={96} height={96} loading="lazy" className="h-24 w-24 flex-none rounded-md object-cover" />}
    </a>
  );
}

function EmbedBlock({ data }: { data: BlockOf<'embed'> }) {
  const src = embedPlayerUrl(data.service, data.embed);
  const source = webUrl(data.source);
  return (
    <figure className="my-8">
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
          className="w-full rounded-md border-0 bg-neutral-100"
        />
      ) : (
        source && (
          <a href={source.href} target="_blank" rel="noopener noreferrer nofollow" className="underline">
            {source.href}
          </a>
        )
      )}
      {data.caption && <InlineHtml as="figcaption" html={data.caption} className="mt-3 block text-center text-base text-neutral-500" />}
    </figure>
  );
}

function Block({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <InlineHtml as="p" html={block.data.text} className="my-5 leading-8" />;
    case 'header':
      // The page title is the h1; the editor's levels map onto the two the spec renders.
      return block.data.level <= 2 ? (
        <InlineHtml as="h2" html={block.data.text} className="mt-10 mb-4 font-serif text-3xl leading-snug font-bold" />
      ) : (
        <InlineHtml as="h3" html={block.data.text} className="mt-8 mb-3 font-serif text-2xl leading-snug font-bold" />
      );
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
  }
}

/** Every content block of SPEC §3, in order. */
export function BlogContent({ blocks }: { blocks: ContentBlock[] }) {
  return (
    <div className="text-lg [overflow-wrap:anywhere] text-neutral-800 md:text-xl">
      {blocks.map((block, i) => (
        <Block key={block.id ?? i} block={block} />
      ))}
    </div>
  );
}
