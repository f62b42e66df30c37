import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ownProfileQuery } from '../../settings/index.ts';

const tab = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap border-b-2 px-1 pb-3 ${isActive ? 'border-accent text-neutral-900' : 'border-transparent text-neutral-600 hover:text-neutral-900'}`;

/**
 * The staff's screens: their tabs, and the screen itself for staff only. The server refuses
 * everyone else on every call; this only spares them a screen of refusals.
 */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  const me = useQuery(ownProfileQuery());
  const tabs = useRef<HTMLElement>(null);
  const shown = me.isSuccess;
  // More tabs than a phone, or the desktop's column, is wide: the current one is scrolled into view.
  useEffect(() => {
    tabs.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [shown]);
  if (me.isPending) return <p className="p-10 text-neutral-500">Loading…</p>;
  if (me.isError || !me.data.can.moderate)
    return (
      <p role="alert" className="p-10">
        Only the site’s staff can see this page.
      </p>
    );
  return (
    <div className="mx-auto max-w-[900px] px-[5vw] py-8">
      <nav ref={tabs} aria-label="Admin" className="mb-8 flex gap-6 overflow-x-auto border-b border-neutral-100">
        {me.data.can.manageSite && (
          <NavLink to="/admin" end className={tab}>
            Overview
          </NavLink>
        )}
        <NavLink to="/admin/members" className={tab}>
          Members
        </NavLink>
        <NavLink to="/admin/reports" className={tab}>
          Reports
        </NavLink>
        <NavLink to="/admin/review" className={tab}>
          Review queue
        </NavLink>
        <NavLink to="/admin/log" className={tab}>
          Moderation log
        </NavLink>
        {me.data.can.manageSite && (
          <>
            <NavLink to="/admin/settings" className={tab}>
              Site settings
            </NavLink>
            <NavLink to="/admin/identity" className={tab}>
              Site identity
            </NavLink>
            <NavLink to="/admin/domains" className={tab}>
              Blocked domains
            </NavLink>
            <NavLink to="/admin/email-domains" className={tab}>
              Blocked e-mail domains
            </NavLink>
            <NavLink to="/admin/applications" className={tab}>
              Applications
            </NavLink>
            <NavLink to="/admin/invites" className={tab}>
              Invitations
            </NavLink>
            <NavLink to="/admin/spam-waves" className={tab}>
              Spam waves
            </NavLink>
            <NavLink to="/admin/export" className={tab}>
              Export
            </NavLink>
          </>
        )}
      </nav>
      <h1 className="mb-6 text-2xl">{title}</h1>
      {children}
    </div>
  );
}
