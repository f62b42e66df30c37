import { AdminLayout } from './components/admin-layout.tsx';
import { DomainBlocks, type DomainBlocksWords } from './components/domain-blocks.tsx';

const WORDS: DomainBlocksWords = {
  form: 'block-email-domain',
  label: 'E-mail domain, or an address on it',
  effect:
    'A block covers the domain’s subdomains too. Nobody may sign up, apply or subscribe with an address on it; members who already have one keep their accounts.',
  empty: 'No e-mail domain is blocked.',
  unblockQuestion: (domain) => `Unblock ${domain}? Addresses on it may sign up, apply and subscribe again.`,
};

/** The e-mail domains nobody may join with, for admins. */
export function BlockedEmailDomainsPage() {
  return (
    <AdminLayout title="Blocked e-mail domains">
      <DomainBlocks list="email" words={WORDS} />
    </AdminLayout>
  );
}
