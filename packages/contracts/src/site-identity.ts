import { z } from 'zod';
import { imageUrl } from './image-url.ts';
import { Limits, TOPIC_TAGS } from './limits.ts';

/** How much of each the owner may set: enough for a masthead, a menu and a footer, not a second page. */
export const IdentityLimits = {
  nameMax: 60,
  descriptionMax: 200,
  footerMax: 500,
  topicsMax: 12,
  navigationMax: 8,
  navLabelMax: 30,
} as const;

/** A link of the site's navigation: a path of this site (`/about`) or a web address. */
export const NavLink = z.object({
  label: z.string().trim().min(1).max(IdentityLimits.navLabelMax),
  url: z
    .string()
    .trim()
    .max(2048)
    .refine((url) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\/[^/\s]+/i.test(url), {
      message: 'A link is a path of this site (/about) or an http(s) address',
    }),
});
export type NavLink = z.infer<typeof NavLink>;

const image = imageUrl(z.string().max(2048)).nullable();
const topic = z.string().trim().toLowerCase().min(1).max(Limits.tagMax);

/**
 * Who the site is to its readers (`GET /api/site`, changed by admins with `POST /api/admin/site-identity`):
 * its name in the top bar, titles, feeds, mail and share cards; its images, uploads of the site's own;
 * its accent (`#rrggbb`, or null for the neutral black and white) and the language of its pages (a BCP 47 tag).
 */
export const SiteIdentity = z.object({
  name: z.string().trim().min(1).max(IdentityLimits.nameMax),
  description: z.string().trim().max(IdentityLimits.descriptionMax),
  logo: image,
  icon: image,
  accentColor: z
    .string()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, 'An accent is a colour as #rrggbb')
    .nullable(),
  topics: z
    .array(topic)
    .max(IdentityLimits.topicsMax)
    .refine((topics) => new Set(topics).size === topics.length, { message: 'Each topic once' }),
  navigation: z.array(NavLink).max(IdentityLimits.navigationMax),
  footer: z.string().trim().max(IdentityLimits.footerMax),
  shareImage: image,
  language: z.string().regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'A language tag such as en, pt-BR or zh-Hant'),
});
export type SiteIdentity = z.infer<typeof SiteIdentity>;

/** `POST /api/admin/site-identity`: the fields to change; the others stay. */
export const UpdateSiteIdentityBody = SiteIdentity.partial();
export type UpdateSiteIdentityBody = z.infer<typeof UpdateSiteIdentityBody>;

/** A new site's identity, until its owner changes it: the product's own name and SPEC's eight topics. */
export const DEFAULT_SITE_IDENTITY: SiteIdentity = {
  name: 'Inkwell',
  description: 'Read and write blogs.',
  logo: null,
  icon: null,
  accentColor: null,
  topics: [...TOPIC_TAGS],
  navigation: [],
  footer: '',
  shareImage: null,
  language: 'en',
};

/* ---------- The accent's contrast (WCAG 2.2, relative luminance) ---------- */

/** The pages' backgrounds: white, and the dark theme's oklch(17% 0 0) (index.css). */
const PAGE_LUMINANCE = { light: 1, dark: 0.004913 };
/** WCAG AA for user-interface components and large text (1.4.11, 1.4.3): what the accent draws. */
export const ACCENT_MIN_CONTRAST = 3;
/** WCAG AA for body text: the label on an accent-filled button. */
export const ACCENT_TEXT_MIN_CONTRAST = 4.5;

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The accent against each theme's page, and the label that reads on it (white or black, the one
 * with more contrast). An accent is accepted when both page contrasts reach ACCENT_MIN_CONTRAST:
 * any such colour has a label of at least ACCENT_TEXT_MIN_CONTRAST.
 */
export function accentContrast(hex: string) {
  const l = luminance(hex);
  const onWhite = contrast(l, 1);
  const onBlack = contrast(l, 0);
  return {
    light: contrast(l, PAGE_LUMINANCE.light),
    dark: contrast(l, PAGE_LUMINANCE.dark),
    text: onWhite >= onBlack ? '#ffffff' : '#000000',
    textContrast: Math.max(onWhite, onBlack),
  };
}

export const isReadableAccent = (hex: string) => {
  const { light, dark } = accentContrast(hex);
  return light >= ACCENT_MIN_CONTRAST && dark >= ACCENT_MIN_CONTRAST;
};
