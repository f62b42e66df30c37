import { Navigate, useRoutes } from 'react-router';
import { NotFound } from '../../components/not-found.tsx';
import { ApplicationsPage } from './applications-page.tsx';
import { BlockedDomainsPage } from './blocked-domains-page.tsx';
import { InvitesPage } from './invites-page.tsx';
import { MembersPage } from './members-page.tsx';
import { ModerationLogPage } from './moderation-log-page.tsx';
import { ReportsPage } from './reports-page.tsx';
import { ReviewQueuePage } from './review-queue-page.tsx';
import { SiteHealthPage } from './site-health-page.tsx';
import { SiteIdentityPage } from './site-identity-page.tsx';
import { SiteSettingsPage } from './site-settings-page.tsx';
import { SpamWavesPage } from './spam-waves-page.tsx';

/**
 * The staff's screens under /admin, one chunk loaded by the first of them a staff member opens:
 * their routes stay out of the reading pages' script (their calls are refused to everyone else).
 */
export function AdminPage() {
  return useRoutes([
    { index: true, element: <Navigate to="/admin/members" replace /> },
    { path: 'members', element: <MembersPage /> },
    { path: 'reports', element: <ReportsPage /> },
    { path: 'review', element: <ReviewQueuePage /> },
    { path: 'log', element: <ModerationLogPage /> },
    { path: 'settings', element: <SiteSettingsPage /> },
    { path: 'identity', element: <SiteIdentityPage /> },
    { path: 'domains', element: <BlockedDomainsPage list="fediverse" /> },
    { path: 'email-domains', element: <BlockedDomainsPage list="email" /> },
    { path: 'applications', element: <ApplicationsPage /> },
    { path: 'invites', element: <InvitesPage /> },
    { path: 'spam-waves', element: <SpamWavesPage /> },
    { path: 'health', element: <SiteHealthPage /> },
    { path: '*', element: <NotFound /> },
  ]);
}
