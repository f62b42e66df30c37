import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  countOf,
  Limits,
  Messages,
  profileError,
  SettingsMessages,
  SOCIAL_NETWORKS,
  socialLinkError,
  type MyProfileResponse,
  type SocialLinks,
} from '@inkwell/contracts';
import { FieldErrorMessage, fieldErrorProps } from '../../components/field-error-message.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormErrors, type FieldMessage } from '../../lib/use-form-errors.ts';
import { useOwnProfile } from './api/own-profile.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { ProfileImagePicker } from './components/profile-image-picker.tsx';
import { SocialIcon } from '../../components/social-icons.tsx';

/** docs/product/screens.md Edit profile: username, bio and links change; fullname and e-mail are shown read-only. */
export function EditProfilePage() {
  usePageTitle('Edit Profile');
  const profile = useOwnProfile();
  if (profile.isPending) return <p className="text-neutral-500">Loading your profile…</p>;
  if (profile.isError) return <p role="alert">Could not load your profile. Please reload the page.</p>;
  return <EditProfileForm profile={profile.data} />;
}

const LINK_LABELS: Record<keyof SocialLinks, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  twitter: 'Twitter',
  website: 'Website',
  linkedin: 'LinkedIn',
  github: 'GitHub',
};

function EditProfileForm({ profile }: { profile: MyProfileResponse }) {
  const { fullname, email, username, bio: savedBio, profile_img } = profile.personal_info;
  const [bio, setBio] = useState(savedBio);
  const bioCounterId = useId();
  const errors = useFormErrors('edit-profile');

  const save = useUpdateProfile({
    onMutate: () => errors.progress('Updating…'),
    onSuccess: () => errors.succeed(SettingsMessages.profileUpdated),
    onError: (e) => errors.refuse(e instanceof ApiError && e.status >= 400 ? e : Messages.updateProfileFailed),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    const social_links = Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, value(n).trim()])) as SocialLinks;
    const body = { username: value('username').trim(), bio: value('bio'), social_links };
    const error = profileError(body) ?? socialLinkError(social_links);
    if (error) {
      errors.refuse(error);
      return;
    }
    save.mutate(body);
  };

  return (
    <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate>
      <h1 className="mb-8 text-2xl max-md:sr-only">Edit Profile</h1>
      <div className="flex flex-col items-start gap-8 py-4 lg:flex-row lg:gap-10">
        <ProfileImagePicker current={profile_img} />
        <div className="w-full">
          <div className="grid grid-cols-1 gap-x-5 md:grid-cols-2">
            <Field label="Full Name" icon={<UserIcon />}>
              {(props) => (
                <input {...props} name="fullname" defaultValue={fullname} disabled className="input-box pl-12" />
              )}
            </Field>
            <Field label="Email" icon={<span aria-hidden="true">@</span>}>
              {(props) => (
                <input {...props} name="email" type="email" defaultValue={email} disabled className="input-box pl-12" />
              )}
            </Field>
          </div>
          <Field label="Username" icon={<span aria-hidden="true">@</span>} error={errors.about('username')}>
            {(props) => (
              <input
                {...props}
                name="username"
                defaultValue={username}
                autoComplete="username"
                maxLength={Limits.usernameMax}
                className="input-box pl-12"
              />
            )}
          </Field>
          <p className="-mt-3 mb-4 text-sm text-neutral-500">
            Your username is your address: /user/{'{username}'}. Letters, numbers, '_' and '.' only.
          </p>
          <Field label="Bio" error={errors.about('bio')} describedBy={bioCounterId}>
            {(props) => (
              <textarea
                {...props}
                name="bio"
                value={bio}
                onChange={(e) => setBio(e.target.value)}
                maxLength={Limits.bioMax}
                className="input-box h-40 resize-none leading-7 lg:h-32"
                placeholder="Bio"
              />
            )}
          </Field>
          <p
            id={bioCounterId}
            aria-live="polite"
            className="-mt-3 mb-6 text-right text-sm text-neutral-500"
            data-testid="bio-characters-left"
          >
            {countOf(Limits.bioMax - bio.length, 'character')} left
          </p>
          <p className="mb-4 text-neutral-600">Add your social handles below</p>
          <div className="grid grid-cols-1 gap-x-5 md:grid-cols-2">
            {SOCIAL_NETWORKS.map((network) => (
              <Field
                key={network}
                label={LINK_LABELS[network]}
                icon={<SocialIcon network={network} />}
                error={errors.about(network)}
              >
                {(props) => (
                  <input
                    {...props}
                    name={network}
                    type="url"
                    inputMode="url"
                    defaultValue={profile.social_links[network]}
                    placeholder="https://"
                    className="input-box pl-12"
                  />
                )}
              </Field>
            ))}
          </div>
          <button type="submit" className="btn-dark w-auto px-10" disabled={save.isPending}>
            Update
          </button>
        </div>
      </div>
    </form>
  );
}

interface FieldProps {
  label: string;
  icon?: ReactNode;
  /** The form's refusal about this field, shown below it. */
  error?: FieldMessage | undefined;
  /** The id of another description of the field (e.g. a counter shown after it). */
  describedBy?: string;
  /** The input, given its id and description attributes. */
  children: (props: { id: string } & ReturnType<typeof fieldErrorProps>) => ReactNode;
}

/** A labelled input with an optional icon inside its left edge and its error below. */
function Field({ label, icon, error, describedBy, children }: FieldProps) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-neutral-600">
        {label}
      </label>
      <div className="relative">
        {children({ id, ...fieldErrorProps(error, describedBy) })}
        {icon && <span className="pointer-events-none absolute top-3.5 left-4 text-neutral-500">{icon}</span>}
      </div>
      <FieldErrorMessage error={error} />
    </div>
  );
}
