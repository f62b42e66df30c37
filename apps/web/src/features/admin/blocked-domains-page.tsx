import { AdminLayout } from './components/admin-layout.tsx';
import { DomainBlocks, type DomainBlocksWords } from './components/domain-blocks.tsx';

const WORDS: DomainBlocksWords = {
  form: 'block-domain',
  label: 'Domain, or an address on it',
  effect:
    'A block covers the domain’s subdomains too. Nothing is taken from its servers or sent to them, and its followers are dropped.',
  empty: 'No domain is blocked.',
  unblockQuestion: (domain) =>
    `Unblock ${domain}? Its servers may follow your authors again; the followers dropped when it was blocked are not brought back.`,
};

/** The fediverse's blocked domains, for admins. */
export function BlockedDomainsPage() {
  return (
    <AdminLayout title="Blocked domains">
      <DomainBlocks list="fediverse" words={WORDS} />
    </AdminLayout>
  );
}
