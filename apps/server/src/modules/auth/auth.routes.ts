import type { FastifyInstance } from 'fastify';
import { AuthMessages, ForgotPasswordBody, GoogleAuthBody, ResetPasswordBody, SignInBody, SignUpBody } from '@inkwell/contracts';
import { parse } from '../../http-error.ts';
import { siteOrigin } from '../../site-origin.ts';
import { createMailer } from '../mail/index.ts';
import { enforceRateLimits, reset as forgetRateLimit } from '../rate-limits/rate-limits.service.ts';
import { AuthLimits } from './auth.limits.ts';
import { googleSignIn, signIn, signOut, signUp } from './auth.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

export async function authRoutes(app: FastifyInstance) {
  const deps = { db: app.db, sessionDays: app.config.sessionDays };
  const mailer = createMailer(app.config, app.log);
  app.addHook('onClose', mailer.close);

  app.post('/api/user/signup', async (request) => {
    const body = parse(SignUpBody, request.body);
    await enforceRateLimits(app, [AuthLimits.signUpPerIp(request.ip), AuthLimits.signUpPerEmail(body.email)], AuthMessages.tooManySignUps);
    return signUp(deps, body);
  });

  app.post('/api/user/signin', { config: { keepsReadCache: true } }, async (request) => {
    const body = parse(SignInBody, request.body);
    const perAccount = AuthLimits.signInPerAccount(body.email);
    await enforceRateLimits(app, [AuthLimits.signInPerIp(request.ip), perAccount], AuthMessages.tooManySignIns);
    const session = await signIn(deps, body);
    await forgetRateLimit(app.db, perAccount.key);
    return session;
  });

  app.post('/api/user/google-auth', async (request) => {
    const body = parse(GoogleAuthBody, request.body);
    await enforceRateLimits(app, [AuthLimits.googlePerIp(request.ip)], AuthMessages.tooManySignIns);
    return googleSignIn({ ...deps, google: app.config.google }, body.access_token, (error) =>
      request.log.info({ err: error }, 'Google ID token refused'),
    );
  });

  app.post('/api/user/signout', { preHandler: app.requireUser }, async (request) => {
    await signOut(app.db, request.user!.sessionId);
    return { success: true };
  });

  app.post('/api/user/forgot-password', async (request) => {
    const body = parse(ForgotPasswordBody, request.body);
    await enforceRateLimits(app, [AuthLimits.forgotPerIp(request.ip), AuthLimits.forgotPerEmail(body.email)], AuthMessages.tooManyResets);
    const onMailError = (error: unknown) => app.log.error({ err: error }, 'the password reset mail could not be sent');
    return requestPasswordReset({ db: app.db, sendMail: mailer.send, onMailError }, body, siteOrigin(app, request));
  });

  app.post('/api/user/reset-password', async (request) => {
    const body = parse(ResetPasswordBody, request.body);
    await enforceRateLimits(app, [AuthLimits.resetPerIp(request.ip)], AuthMessages.tooManyResets);
    return resetPassword(app.db, body);
  });
}
