import { PASSWORD_PATTERN } from './auth-rules.ts';
import type { FieldError } from './fields.ts';
import { Limits } from './limits.ts';
import { Messages } from './messages.ts';

/** Texts of the settings screens that SPEC.md leaves to us. */
export const SettingsMessages = {
  usernameTooLong: `Username must be at most ${Limits.usernameMax} characters long`,
  usernameCharacters: "Username can only contain letters, numbers, '_' and '.'",
  usernameTaken: 'Username is already taken',
  imageNotStored: 'Upload the image to Inkwell first',
  wrongCurrentPassword: 'Current password is incorrect',
  googleAccountPassword: 'This account was created with Google, so it has no password to change',
  profileUpdated: 'Profile Updated',
  passwordChanged: 'Password Changed',
} as const;

const USERNAME_CHARACTERS = /^[A-Za-z0-9_.]+$/;

function usernameMessage(name: string): string | null {
  if (name.length < Limits.usernameMin) return Messages.usernameTooShort;
  if (name.length > Limits.usernameMax) return SettingsMessages.usernameTooLong;
  if (!USERNAME_CHARACTERS.test(name)) return SettingsMessages.usernameCharacters;
  return null;
}

/** Edit profile (SPEC §5), in its order: username, then bio. Answers the first failing rule, or null. */
export function profileError({ username, bio }: { username: string; bio: string }): FieldError | null {
  const message = usernameMessage(username.trim());
  if (message) return { field: 'username', message };
  if (bio.length > Limits.bioMax) return { field: 'bio', message: Messages.bioTooLong };
  return null;
}

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'twitter', 'website', 'linkedin', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

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
export function socialLinkError(links: Partial<Record<SocialNetwork, string>>): FieldError | null {
  for (const network of SOCIAL_NETWORKS) {
    const value = links[network]?.trim() ?? '';
    if (!value) continue;
    const url = httpsUrl(value);
    if (network === 'website') {
      if (!url) return { field: network, message: 'Website link must be an https:// address' };
      continue;
    }
    const { label, hosts } = NETWORK_HOSTS[network];
    const host = url?.hostname.toLowerCase();
    if (!host || !hosts.some((h) => SUBDOMAINS.some((sub) => host === `${sub}${h}`))) {
      return { field: network, message: `${label} link must be an https://${hosts[0]} address` };
    }
  }
  return null;
}

/**
 * Change password (SPEC §5): both fields, then each against the sign-up password rule. The
 * refusal is about the first field that is empty, then the first that breaks the rule.
 */
export function changePasswordError(body: { currentPassword: string; newPassword: string }): FieldError | null {
  const fields = ['currentPassword', 'newPassword'] as const;
  const empty = fields.find((field) => !body[field]);
  if (empty) return { field: empty, message: Messages.fillAllFields };
  const broken = fields.find((field) => !PASSWORD_PATTERN.test(body[field]));
  if (broken) return { field: broken, message: Messages.passwordRule };
  return null;
}
