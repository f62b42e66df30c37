/**
 * The proof of work (ALTCHA) a site may ask of newcomers and of visitors subscribing by e-mail:
 * `requireProofOfWork` is what sign-up and subscribe ask; `proofOfWorkModule` is the challenge's route.
 */
export { requireProofOfWork, type ProofOfWorkDeps } from './proof-of-work.service.ts';
export { proofOfWorkRoutes as proofOfWorkModule } from './proof-of-work.routes.ts';
