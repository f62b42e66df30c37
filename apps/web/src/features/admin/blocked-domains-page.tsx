import type { DomainList } from './api/staff.ts';
import { AdminLayout } from './components/admin-layout.tsx';
import { DomainBlocks, type DomainBlocksWords } from './components/domain-blocks.tsx';

const PAGES: Record<DomainList, { title: string; words: DomainBlocksWords }> = {
  fediverse: {
    title: 'Blocked domains',
    words: {
      form: 'block-domain',
      label: 'Domain, or an address on it',
      effect:
        'A block covers the domain’s subdomains too. Nothing is taken from its servers or sent to them, and its followers are dropped.',
      empty: 'No domain is blocked.',
      unblockQuestion: (domain) =>
        `Unblock ${domain}? Its servers may follow your authors again; the followers dropped when it was blocked are not brought back.`,
    },
  },
  email: {
    title: 'Blocked e-mail domains',
    words: {
      form: 'block-email-domain',
      label: 'E-mail domain, or an address on it',
      effect:
        'A block covers the domain’s subdomains too. Nobody may sign up, apply or subscribe with an address on it; members who already have one keep their accounts.',
      empty: 'No e-mail domain is blocked.',
      unblockQuestion: (domain) => `Unblock ${domain}? Addresses on it may sign up, apply and subscribe again.`,
    },
  },
};

/** For admins: the fediverse's blocked domains (`/admin/domains`), or the e-mail domains nobody may join with (`/admin/email-domains`). */
export function BlockedDomainsPage({ list }: { list: DomainList }) {
  const { title, words } = PAGES[list];
  return (
    <AdminLayout title={title}>
      <DomainBlocks key={list} list={list} words={words} />
    </AdminLayout>
  );
}
