import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApplicationReceived,
  AuthNotice,
  ForgotPasswordBody,
  GoogleAuthBody,
  ResetPasswordBody,
  Session,
  SignInBody,
  SignOutResponse,
  SignUpBody,
  VerifyEmailBody,
} from '@inkwell/contracts';
import { BODY_ERRORS, errorResponses } from '../../http-error.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { siteOrigin } from '../../site-origin.ts';
import { googleSignIn, signIn, signOut, signUp } from './auth.service.ts';
import { resendVerification, verifyEmail, type VerificationMail } from './email-verification.service.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

/** A session is 200; an application kept for the staff (a site that reviews who joins) is 202 Accepted. */
const answerJoining = (reply: FastifyReply, answer: Session | ApplicationReceived) =>
  'status' in answer ? reply.code(202).send(answer) : answer;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, config: app.config, sessionDays: app.config.sessionDays };
  const verificationMail = (request: FastifyRequest): VerificationMail => ({
    sendMail: app.mailer.send,
    canMail: app.mailer.canMail,
    origin: siteOrigin(app, request),
    onMailError: (error) => app.log.error({ err: error }, 'the e-mail confirmation mail could not be sent'),
  });

  app.post(
    '/api/user/signup',
    {
      schema: {
        body: SignUpBody,
        response: {
          200: Session,
          202: ApplicationReceived,
          ...errorResponses([...BODY_ERRORS, 403, 409, 429]),
        },
      },
      config: { rateLimits: ['signUpPerIp', 'signUpPerEmail'], namesItsChanges: true },
    },
    async (request, reply) =>
      answerJoining(reply, await signUp({ ...deps, mail: verificationMail(request) }, request.body)),
  );

  app.post(
    '/api/user/signin',
    {
      schema: { body: SignInBody, response: { 200: Session, ...errorResponses([...BODY_ERRORS, 401, 403, 429]) } },
      config: { keepsReadCache: true, rateLimits: ['signInPerIp', 'signInPerAccount'] },
    },
    async (request) => signIn(deps, request.body),
  );

  app.post(
    '/api/user/google-auth',
    {
      schema: {
        body: GoogleAuthBody,
        response: {
          200: Session,
          202: ApplicationReceived,
          ...errorResponses([...BODY_ERRORS, 401, 403, 409, 429]),
        },
      },
      config: { rateLimits: ['googlePerIp'], namesItsChanges: true },
    },
    async (request, reply) =>
      answerJoining(
        reply,
        await googleSignIn({ ...deps, google: app.config.google }, request.body, (error) =>
          request.log.info({ err: error }, 'Google ID token refused'),
        ),
      ),
  );

  app.post(
    '/api/user/signout',
    { preValidation: app.requireUser, schema: { response: { 200: SignOutResponse, ...errorResponses([401]) } } },
    async (request) => {
      await signOut(app.db, signedInUser(request).sessionId);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/forgot-password',
    {
      schema: { body: ForgotPasswordBody, response: { 200: AuthNotice, ...errorResponses([...BODY_ERRORS, 429]) } },
      config: { rateLimits: ['forgotPerIp', 'forgotPerEmail'] },
    },
    async (request) => {
      const onMailError = (error: unknown) =>
        app.log.error({ err: error }, 'the password reset mail could not be sent');
      return requestPasswordReset(
        { db: app.db, sendMail: app.mailer.send, onMailError },
        request.body,
        siteOrigin(app, request),
      );
    },
  );

  app.post(
    '/api/user/reset-password',
    {
      schema: { body: ResetPasswordBody, response: { 200: AuthNotice, ...errorResponses([...BODY_ERRORS, 429]) } },
      config: { rateLimits: ['resetPerIp'] },
    },
    async (request) => resetPassword(app.db, request.body),
  );

  // Whoever holds the mailed link confirms the address, signed in or not (it may be opened on another device).
  app.post(
    '/api/user/verify-email',
    {
      schema: { body: VerifyEmailBody, response: { 200: AuthNotice, ...errorResponses([...BODY_ERRORS, 429]) } },
      config: { keepsReadCache: true, rateLimits: ['verifyEmailPerIp'] },
    },
    async (request) => verifyEmail(app.db, request.body),
  );

  app.post(
    '/api/user/resend-verification',
    {
      preValidation: app.requireActiveUser,
      schema: { response: { 200: AuthNotice, ...errorResponses([401, 403, 404, 409, 429]) } },
      config: { keepsReadCache: true, rateLimits: ['resendVerification'] },
    },
    async (request) => resendVerification(app.db, verificationMail(request), signedInUser(request).id),
  );
};
