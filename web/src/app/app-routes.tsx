/** The route table of spec §2. The live room (and its segmentation) loads on demand, when its route is opened. */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ExternalRedirect } from '../components/external-redirect.js';
import { env } from '../config/env.js';
import { RequestResetPage } from '../features/auth/components/request-reset-page.js';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.js';
import { SignInPage } from '../features/auth/components/sign-in-page.js';
import { SignUpPage } from '../features/auth/components/sign-up-page.js';
import { GuestOnly, Logout, RequireAuth } from '../features/auth/route-guards.js';
import { HomePage } from './home/home-page.js';
import { NotFoundPage } from './not-found-page.js';

const GuestRoomPage = lazy(() => import('../features/room/components/guest-room-page.js').then((m) => ({ default: m.GuestRoomPage })));
const HostRoomPage = lazy(() => import('../features/room/components/host-room-page.js').then((m) => ({ default: m.HostRoomPage })));
const loading = <p className="empty-state page-loading" role="status">Loading...</p>;

export function AppRoutes() {
  const pages = env.externalPages;
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/home" replace />} />
      <Route element={<RequireAuth />}>
        <Route path="/home" element={<HomePage />} />
        <Route path="/home/meeting/:meetingId" element={<HomePage />} />
        <Route path="/dashboard" element={<HomePage />} />
        <Route path="/dashboard/:meetingId/:operation?" element={<HomePage />} />
        <Route path="/action-items" element={<HomePage view="action-items" />} />
        <Route path="/startmeeting" element={<Suspense fallback={loading}><HostRoomPage /></Suspense>} />
      </Route>
      <Route path="/joinmeeting/:meetingId" element={<Suspense fallback={loading}><GuestRoomPage /></Suspense>} />
      <Route path="/auth/logout" element={<Logout />} />
      <Route path="/auth" element={<GuestOnly />}>
        <Route path="signup" element={<SignUpPage />} />
        <Route path="login" element={<SignInPage />} />
        <Route path="requestResetPassword" element={<RequestResetPage />} />
        <Route path="resetPassword" element={<ResetPasswordPage />} />
        <Route index element={<Navigate to="/" replace />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
      <Route path="/privacy-policy" element={<ExternalRedirect to={pages.privacy} label="the privacy policy" />} />
      <Route path="/terms-conditions" element={<ExternalRedirect to={pages.terms} label="the terms and conditions" />} />
      <Route path="/support" element={<ExternalRedirect to={pages.support} label="support" />} />
      <Route path="/user-documentation" element={<ExternalRedirect to={pages.documentation} label="the documentation" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
