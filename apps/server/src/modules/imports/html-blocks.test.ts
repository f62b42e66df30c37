import { describe, expect, it } from 'vitest';
import { blockOf, expectStorable, listShape, types } from '../../test/import-samples.ts';
import { htmlToBlocks, type BlockOptions } from './html-blocks.ts';

const options: BlockOptions = {
  image: (src) => (/^https:\/\//.test(src) ? src : { problem: `No image at ${src}.` }),
};
const convert = (html: string, more: Partial<BlockOptions> = {}) => {
  const converted = htmlToBlocks(html, { ...options, ...more });
  expectStorable(converted.blocks);
  return converted;
};

describe('HTML to the editor’s blocks', () => {
  it('cuts inline markup to the allowlist, keeping the words of what it unwraps', () => {
    const { blocks, problems } = convert(
      '<p><span style="color:red">Red</span>, <u>under</u>, <s>struck</s>, <strong>bold</strong>, <em>it</em>, ' +
        '<a href="javascript:alert(1)">bad link</a>, <a href="mailto:me@example.com">mail</a>, <mark>marked</mark>, ' +
        '<kbd>Ctrl</kbd><br>next line<script>alert(1)</script></p>',
    );
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        data: {
          text:
            'Red, under, struck, <b>bold</b>, <i>it</i>, bad link, <a href="mailto:me@example.com" rel="noopener noreferrer nofollow">mail</a>, ' +
            '<mark class="cdx-marker">marked</mark>, <code class="inline-code">Ctrl</code><br>next line',
        },
      },
    ]);
    expect(problems).toEqual(['A script was left out: the editor has no block for it.']);
  });

  it('drops empty blocks, and says what it leaves out', () => {
    const { blocks, problems } = convert(
      '<p> </p><h2></h2><ul><li></li></ul><form><input name="q"></form><iframe src="https://ads.example.net/frame"></iframe>' +
        '<p><img src="data:image/png;base64,AAAA"></p><video src="https://cdn.example/clip.mp4"></video>',
    );
    expect(blocks).toEqual([]);
    expect(problems).toEqual([
      'A form was left out: the editor has no block for it.',
      'An embedded frame from ads.example.net was left out: it is not a player the editor embeds.',
      'No image at data:image/png;base64,AAAA.',
      'A video file (https://cdn.example/clip.mp4) was left out: the editor has no block for it.',
    ]);
  });

  it('embeds known players: their frames, a paragraph that is only a link to one, a quoted tweet', () => {
    const { blocks } = convert(
      '<iframe src="https://player.vimeo.com/video/123456?h=abc" width="640"></iframe>' +
        '<p><a href="https://youtu.be/dQw4w9WgXcQ">Never gonna</a></p>' +
        '<p>https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC</p>' +
        '<blockquote class="twitter-tweet"><p>Hello</p>— Ada (@ada) <a href="https://twitter.com/ada/status/20?ref_src=twsrc">March 21, 2006</a></blockquote>' +
        '<p>See <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">this</a> too.</p>',
    );
    expect(types({ blocks })).toEqual(['embed', 'embed', 'embed', 'embed', 'paragraph']);
    expect(
      blocks
        .slice(0, 4)
        .map((block) => block.type === 'embed' && [block.data.service, block.data.embed, block.data.caption]),
    ).toEqual([
      ['vimeo', 'https://player.vimeo.com/video/123456?title=0&byline=0', ''],
      ['youtube', 'https://www.youtube.com/embed/dQw4w9WgXcQ', 'Never gonna'],
      ['spotify', 'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC', ''],
      ['twitter', 'https://platform.twitter.com/embed/Tweet.html?id=20', ''],
    ]);
  });

  it('reads WordPress’s paragraphs without <p>: a blank line ends one, a newline is a line break', () => {
    const { blocks } = convert('First <b>line</b>\nsecond line\n\nNext paragraph\n<h2>Title</h2>\nAfter', {
      autop: true,
    });
    expect(blocks).toEqual([
      { type: 'paragraph', data: { text: 'First <b>line</b><br>second line' } },
      { type: 'paragraph', data: { text: 'Next paragraph' } },
      { type: 'header', data: { text: 'Title', level: 2 } },
      { type: 'paragraph', data: { text: 'After' } },
    ]);
  });

  it('nests a list written straight inside another under the item before it', () => {
    const { blocks } = convert('<ol><li>One</li><ul><li>One a</li></ul><li>Two <ol><li>Two a</li></ol></li></ol>');
    expect(listShape(blockOf({ blocks }, 'list'))).toEqual(['One', ['One a'], 'Two', ['Two a']]);
  });

  it('names code by its class, its highlighter’s brush or its data attribute; else plain, said when it named one', () => {
    const { blocks, problems } = convert(
      '<pre><code class="lang-ts">let a: number;</code></pre>' +
        '<pre class="brush: php; gutter: true">echo 1;</pre>' +
        '<pre data-lang="SQL">select 1;</pre>' +
        '<pre><code class="language-cobol">DISPLAY "HI".</code></pre>' +
        '<pre>plain &lt;text&gt;</pre>',
    );
    expect(blocks.map((block) => block.type === 'code' && [block.data.language, block.data.code])).toEqual([
      ['typescript', 'let a: number;'],
      ['php', 'echo 1;'],
      ['sql', 'select 1;'],
      ['plain', 'DISPLAY "HI".'],
      ['plain', 'plain <text>'],
    ]);
    expect(problems).toEqual(['Code in "cobol" is kept as plain text: the editor does not highlight that language.']);
  });

  it('keeps a table within the editor’s bounds: split past 100 rows with its heading repeated, cut past 20 columns (said)', () => {
    const row = (cells: number, tag = 'td') =>
      `<tr>${Array.from({ length: cells }, (_, i) => `<${tag}>${i}</${tag}>`).join('')}</tr>`;
    const { blocks, problems } = convert(
      `<table><thead>${row(22, 'th')}</thead><tbody>${Array.from({ length: 150 }, () => row(22)).join('')}</tbody></table>` +
        '<table><tr><td colspan="2">wide</td></tr><tr><td>a</td><td>b</td></tr></table>',
    );
    expect(
      blocks.map(
        (block) =>
          block.type === 'table' && [block.data.withHeadings, block.data.content.length, block.data.content[0]!.length],
      ),
    ).toEqual([
      [true, 100, 20],
      [true, 52, 20],
      [false, 2, 2],
    ]);
    expect(blockOf({ blocks }, 'table', 2).data.content).toEqual([
      ['wide', ''],
      ['a', 'b'],
    ]);
    expect(problems).toEqual([
      'A table had 22 columns; those past the 20th were left out.',
      'A table longer than 100 rows was split in several.',
    ]);
  });

  it('places images in the order of the text, keeps lazy-loaded ones, and their size only with both sides', () => {
    const { blocks } = convert(
      '<p>Before <img src="https://img.example/a.jpg" alt="A" width="300"> after</p>' +
        '<p><a href="https://img.example/b-large.jpg"><img data-src="https://img.example/b.jpg" src="data:image/gif;base64,R0lGOD" width="40" height="30"></a></p>' +
        '<p><b>Bold <img src="https://img.example/c.jpg"> words</b> end</p>',
    );
    expect(types({ blocks })).toEqual(['paragraph', 'image', 'paragraph', 'image', 'paragraph', 'image']);
    expect(
      blocks.map((block) => (block.type === 'paragraph' ? block.data.text : block.type === 'image' && block.data.file)),
    ).toEqual([
      'Before',
      { url: 'https://img.example/a.jpg' },
      'after',
      { url: 'https://img.example/b.jpg', width: 40, height: 30 },
      // An image inside formatted words comes after their paragraph.
      '<b>Bold words</b> end',
      { url: 'https://img.example/c.jpg' },
    ]);
  });

  it('splits what a block cannot hold, and says so: a very long paragraph, over 1000 blocks', () => {
    const long = convert(`<p>${'word '.repeat(10_000)}</p>`);
    expect(long.blocks.length).toBeGreaterThan(1);
    expect(long.problems).toEqual(['A very long paragraph was split, and its formatting dropped.']);
    const many = convert('<p>x</p>'.repeat(1005));
    expect(many.blocks).toHaveLength(1000);
    expect(many.problems).toEqual([
      'The post has 1005 blocks; a blog holds at most 1000, so the last 5 were left out.',
    ]);
  });
});
