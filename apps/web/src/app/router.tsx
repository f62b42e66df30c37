import { lazy, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireSignedIn, RequireSignedOut } from '../components/guards.tsx';
import { Navbar } from '../components/navbar.tsx';
import { NotFound } from '../components/not-found.tsx';
import { SidebarLayout } from '../components/sidebar-layout.tsx';
import { AuthPage } from '../features/auth/auth-page.tsx';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { BlogPage } from '../features/blog/blog-page.tsx';
import { DashboardBlogsPage } from '../features/dashboard/dashboard-blogs-page.tsx';
import { HomePage } from '../features/home/home-page.tsx';
import { NotificationsPage } from '../features/notifications/notifications-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { SearchPage } from '../features/search/search-page.tsx';
import { ChangePasswordPage } from '../features/settings/change-password-page.tsx';
import { EditProfilePage } from '../features/settings/edit-profile-page.tsx';

// The editor (Editor.js and its tools) is its own chunk: reading pages never load it.
const EditorPage = lazy(() => import('../features/editor/editor-page.tsx'));

export const router = createBrowserRouter([
  {
    path: '/',
    element: <Navbar />,
    children: [
      { index: true, element: <HomePage /> },
      {
        element: <RequireSignedOut />,
        children: [
          { path: 'signin', element: <AuthPage type="sign-in" /> },
          { path: 'signup', element: <AuthPage type="sign-up" /> },
        ],
      },
      // Open to all: a reset link from a mail must work in a browser that is still signed in.
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:token', element: <ResetPasswordPage /> },
      { path: 'search/:query', element: <SearchPage /> },
      { path: 'user/:id', element: <ProfilePage /> },
      { path: 'blog/:blog_id', element: <BlogPage /> },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <SidebarLayout />,
            children: [
              { path: 'dashboard/blogs', element: <DashboardBlogsPage /> },
              { path: 'dashboard/notification', element: <NotificationsPage /> },
              { path: 'settings/edit-profile', element: <EditProfilePage /> },
              { path: 'settings/change-password', element: <ChangePasswordPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    element: <RequireSignedIn />,
    children: ['editor', 'editor/:blog_id'].map((path) => ({
      path,
      element: (
        <Suspense fallback={<p className="p-10 text-neutral-500">Loading the editor…</p>}>
          <EditorPage />
        </Suspense>
      ),
    })),
  },
]);
