import { PASSWORD_PATTERN } from './auth-rules.ts';
import type { FieldRefusal, Refusal } from './error-codes.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';
import { SOCIAL_NETWORKS, type SocialNetwork } from './social-networks.ts';

/** Texts of the settings screens that are Inkwell's own (the original contract's are in messages.ts). */
export const SettingsMessages = {
  usernameTooLong: `Username must be at most ${Limits.usernameMax} characters long`,
  usernameCharacters: "Username can only contain letters, numbers, '_' and '.'",
  profileUpdated: 'Profile Updated',
  passwordChanged: 'Password Changed',
} as const;

const USERNAME_CHARACTERS = /^[A-Za-z0-9_.]+$/;

function usernameRefusal(name: string): Refusal | null {
  if (name.length < Limits.usernameMin) return { code: 'username_too_short', message: Messages.usernameTooShort };
  if (name.length > Limits.usernameMax) return { code: 'username_too_long', message: SettingsMessages.usernameTooLong };
  if (!USERNAME_CHARACTERS.test(name))
    return { code: 'username_invalid_characters', message: SettingsMessages.usernameCharacters };
  return null;
}

/** Edit profile (docs/product/rules.md), in its order: username, then bio. Answers the first failing rule, or null. */
export function profileError({ username, bio }: { username: string; bio: string }): FieldRefusal | null {
  const refusal = usernameRefusal(username.trim());
  if (refusal) return { field: 'username', ...refusal };
  if (bio.length > Limits.bioMax) return { field: 'bio', code: 'bio_too_long', message: Messages.bioTooLong };
  return null;
}

/** The hosts a link of each network may point to (any https host for a website). */
const NETWORK_HOSTS: Record<Exclude<SocialNetwork, 'website'>, { label: string; hosts: string[] }> = {
  instagram: { label: 'Instagram', hosts: ['instagram.com'] },
  facebook: { label: 'Facebook', hosts: ['facebook.com'] },
  twitter: { label: 'Twitter', hosts: ['twitter.com', 'x.com'] },
  linkedin: { label: 'LinkedIn', hosts: ['linkedin.com'] },
  github: { label: 'GitHub', hosts: ['github.com'] },
};

const SUBDOMAINS = ['', 'www.', 'm.'];

function httpsUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** Each link is empty or an https URL on its network's host; answers the first bad one, with a message naming it. */
export function socialLinkError(links: Partial<Record<SocialNetwork, string>>): FieldRefusal | null {
  for (const network of SOCIAL_NETWORKS) {
    const value = links[network]?.trim() ?? '';
    if (!value) continue;
    const url = httpsUrl(value);
    if (network === 'website') {
      if (!url)
        return { field: network, code: 'social_link_invalid', message: 'Website link must be an https:// address' };
      continue;
    }
    const { label, hosts } = NETWORK_HOSTS[network];
    const host = url?.hostname.toLowerCase();
    if (!host || !hosts.some((h) => SUBDOMAINS.some((sub) => host === `${sub}${h}`))) {
      return {
        field: network,
        code: 'social_link_invalid',
        message: `${label} link must be an https://${hosts[0]} address`,
      };
    }
  }
  return null;
}

/**
 * Change password (docs/product/rules.md): both fields, then each against the sign-up password rule. The
 * refusal is about the first field that is empty, then the first that breaks the rule.
 */
export function changePasswordError(body: { currentPassword: string; newPassword: string }): FieldRefusal | null {
  const fields = ['currentPassword', 'newPassword'] as const;
  const empty = fields.find((field) => !body[field]);
  if (empty) return { field: empty, code: 'fields_required', message: Messages.fillAllFields };
  const broken = fields.find((field) => !PASSWORD_PATTERN.test(body[field]));
  if (broken) return { field: broken, code: 'password_invalid', message: Messages.passwordRule };
  return null;
}
