import { blogPath, confirmSubscriptionPath, escapeHtml, unsubscribePath } from '@inkwell/contracts';
import type { MailWriter } from '../mail/index.ts';

/** The site's address for links in mails (PUBLIC_URL, which SMTP_URL requires). */
export type Link = (path: string) => string;

export function confirmationMail(
  to: string,
  { authorName, authorUsername }: { authorName: string; authorUsername: string },
  token: string,
  link: Link,
): MailWriter {
  const url = link(confirmSubscriptionPath(token));
  return (site) => ({
    to,
    subject: `Confirm your subscription to ${authorName} on ${site.name}`,
    text: [
      `Someone (hopefully you) asked to get an e-mail whenever ${authorName} (@${authorUsername}) publishes on ${site.name}.`,
      '',
      'Open this link to confirm:',
      '',
      url,
      '',
      'If you did not ask for it, ignore this mail: without a confirmation you get nothing more.',
    ].join('\n'),
  });
}

export interface NewsletterBlog {
  blogId: string;
  title: string;
  des: string;
  banner: string;
  authorName: string;
}

/**
 * A new blog's mail to one subscriber: a text and an HTML part (every value escaped), and the
 * RFC 8058 headers, so a mail client's own Unsubscribe button ends it with one POST.
 */
export function newsletterMail(to: string, blog: NewsletterBlog, unsubscribeToken: string, link: Link): MailWriter {
  const read = link(blogPath(blog.blogId));
  const unsubscribe = link(unsubscribePath(unsubscribeToken));
  const banner = blog.banner ? link(blog.banner) : '';
  const e = escapeHtml;
  return (site) => ({
    to,
    subject: blog.title,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    text: [
      `${blog.authorName} published a new blog on ${site.name}:`,
      '',
      blog.title,
      ...(blog.des ? [blog.des] : []),
      '',
      `Read it: ${read}`,
      '',
      '--',
      `You get this mail because you subscribed to ${blog.authorName}. Unsubscribe: ${unsubscribe}`,
    ].join('\n'),
    html: `<!doctype html>
<html><body style="font-family:sans-serif;max-width:600px;margin:0 auto;padding:16px;color:#111">
<p>${e(blog.authorName)} published a new blog on ${e(site.name)}:</p>
${banner ? `<p><img src="${e(banner)}" alt="" style="max-width:100%;height:auto"></p>` : ''}
<h1 style="font-size:24px">${e(blog.title)}</h1>
${blog.des ? `<p>${e(blog.des)}</p>` : ''}
<p><a href="${e(read)}">Read it</a></p>
<hr>
<p style="font-size:12px;color:#555">You get this mail because you subscribed to ${e(blog.authorName)}. <a href="${e(unsubscribe)}">Unsubscribe</a></p>
</body></html>`,
  });
}
