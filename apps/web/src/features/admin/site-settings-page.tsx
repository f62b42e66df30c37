import type { FormEvent } from 'react';
import { TRUSTED_AFTER, type Registration } from '@inkwell/contracts';
import { formError, formProgress, formSuccess } from '../../lib/notify.ts';
import { useCanMail, useSiteSettings, useUpdateSiteSettings } from './api/staff.ts';
import { AdminLayout } from './components/admin-layout.tsx';

const REGISTRATION_CHOICES: { value: Registration; label: string; hint: string }[] = [
  { value: 'open', label: 'Open', hint: 'Anyone may sign up, with an e-mail address or Google.' },
  {
    value: 'approval',
    label: 'By approval',
    hint: 'Newcomers write why they want to join; an admin approves or rejects them under Applications.',
  },
  {
    value: 'invite',
    label: 'By invitation',
    hint: 'Only whoever holds an invitation link (made under Invitations) may sign up.',
  },
  { value: 'closed', label: 'Closed', hint: 'Nobody new may join. Members still sign in.' },
];

/** The site's settings, for admins: who may join, and how tightly new accounts are limited. */
export function SiteSettingsPage() {
  return (
    <AdminLayout title="Site settings">
      <SettingsForm />
    </AdminLayout>
  );
}

function SettingsForm() {
  const settings = useSiteSettings();
  const canMail = useCanMail().data;
  const update = useUpdateSiteSettings({
    onMutate: () => formProgress('site-settings', 'Saving…'),
    onSuccess: () => formSuccess('site-settings', 'Settings saved'),
    onError: (error) => formError('site-settings', error.message),
  });
  if (settings.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (settings.isError) return <p role="alert">{settings.error.message}</p>;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update.mutate({
      registration: data.get('registration') as Registration,
      youngAccountLimits: data.get('youngAccountLimits') === 'on',
      // Left as it is where it cannot be changed (a disabled box sends nothing).
      ...(canMail && { emailVerification: data.get('emailVerification') === 'on' }),
      proofOfWork: data.get('proofOfWork') === 'on',
      reviewNewMembers: data.get('reviewNewMembers') === 'on',
      trustedAfter: Number(data.get('trustedAfter')),
      spamWave: data.get('spamWave') === 'on',
      reason: String(data.get('reason') ?? ''),
    });
  };

  return (
    <form onSubmit={onSubmit} className="max-w-[550px]">
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-medium">Who may join</legend>
        {REGISTRATION_CHOICES.map((choice) => (
          <label key={choice.value} className="mb-3 flex items-start gap-3">
            <input
              type="radio"
              name="registration"
              value={choice.value}
              defaultChecked={settings.data.registration === choice.value}
              className="mt-1"
            />
            <span>
              <span className="block font-medium">{choice.label}</span>
              <span className="text-neutral-600">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-medium">Spam defences</legend>
        <DefenceBox
          name="youngAccountLimits"
          checked={settings.data.youngAccountLimits}
          label="Limit young accounts"
          hint="Accounts younger than a day may like, comment, follow and upload a fifth as often as others."
          first
        />
        <DefenceBox
          name="emailVerification"
          checked={settings.data.emailVerification}
          disabled={!canMail}
          label="Require new members to confirm their e-mail address"
          hint={
            canMail
              ? 'Members who sign up with a password are mailed a link, and publish and comment once they have followed it.'
              : 'This server cannot send mail: set SMTP_URL to use this.'
          }
        />
        <DefenceBox
          name="proofOfWork"
          checked={settings.data.proofOfWork}
          label="Proof of work on sign-up and subscription"
          hint="Newcomers and visitors subscribing by e-mail wait about a second while their browser solves a small puzzle (ALTCHA, served by this site): costly for spam scripts sending thousands."
        />
        <DefenceBox
          name="reviewNewMembers"
          checked={settings.data.reviewNewMembers}
          label="Review the blogs of members not yet trusted"
          hint="A moderator reads each under Review queue before anyone else sees it. Staff are always trusted; under Members a moderator trusts or distrusts a member by hand."
        />
        <label className="mt-3 block pl-8">
          <span className="mb-1 block text-neutral-600">Trusted after this many published blogs</span>
          <input
            type="number"
            name="trustedAfter"
            required
            min={TRUSTED_AFTER.min}
            max={TRUSTED_AFTER.max}
            defaultValue={settings.data.trustedAfter}
            className="input-box w-20"
          />
        </label>
        <label className="mt-6 flex items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <input
            type="checkbox"
            role="switch"
            name="spamWave"
            defaultChecked={settings.data.spamWave}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">Spam wave: turn every defence on</span>
            Review, proof-of-work, young-account limits and (where the server sends mail) e-mail verification, all at
            once, whatever their own settings say. Turn it off when the wave has passed.
          </span>
        </label>
      </fieldset>
      <label className="mb-6 block">
        <span className="mb-1 block text-neutral-600">Reason (kept in the moderation log)</span>
        <input name="reason" maxLength={1000} className="input-box w-full" />
      </label>
      <button type="submit" className="btn-dark px-10" disabled={update.isPending}>
        Save
      </button>
    </form>
  );
}

/** One defence's box: its setting's name, what it is, and what it does (read as part of its name). */
function DefenceBox({
  name,
  checked,
  label,
  hint,
  disabled = false,
  first = false,
}: {
  name: string;
  checked: boolean;
  label: string;
  hint: string;
  disabled?: boolean;
  first?: boolean;
}) {
  return (
    <label className={`${first ? '' : 'mt-4 '}flex items-start gap-3`}>
      <input type="checkbox" name={name} defaultChecked={checked} disabled={disabled} className="mt-1" />
      <span>
        <span className="block font-medium">{label}</span>
        <span className="text-neutral-600">{hint}</span>
      </span>
    </label>
  );
}
