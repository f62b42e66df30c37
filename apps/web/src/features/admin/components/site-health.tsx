import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SiteHealthResponse } from '@inkwell/contracts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { siteHealthQuery } from '../api/site-health.ts';
import { FailedJobs } from './failed-jobs.tsx';

const ENGINES: Record<SiteHealthResponse['database']['engine'], string> = {
  pglite: 'PGlite (embedded)',
  'embedded-postgres': 'PostgreSQL (embedded)',
  postgres: 'PostgreSQL server',
};

/** What each state of a read replica means for the reads. */
const REPLICA_STATES: Record<SiteHealthResponse['database']['replicas'][number]['state'], string> = {
  unasked: 'not asked yet',
  current: 'answering reads',
  behind: 'behind: reads go to the primary',
  down: 'not answering: reads go to the primary',
  'not replicating': 'not a replica: never read from',
};

/** The states in which a replica answers no read: shown as a fault. */
const UNUSED_REPLICA = new Set<keyof typeof REPLICA_STATES>(['down', 'not replicating']);

/** A queue's counts, in the table's order. */
const COUNTS = [
  ['waiting', 'Waiting'],
  ['running', 'Running'],
  ['failed', 'Failed'],
] as const;

/**
 * The admins' overview's second half: what to look at first when something seems wrong (the
 * version, the database, mail, free space, the job queues and the fediverse's backlog), then the
 * jobs that failed for good, to retry or discard.
 */
export function SiteHealth() {
  return (
    <section aria-labelledby="site-health" className="mt-12">
      <h2 id="site-health" className="mb-4 text-2xl">
        Site health
      </h2>
      <HealthPanel />
      <section aria-labelledby="failed-jobs" className="mt-10">
        <h3 id="failed-jobs" className="mb-2 text-xl">
          Failed jobs
        </h3>
        <p className="mb-6 max-w-[550px] text-neutral-600">
          Mails and deliveries to the fediverse are tried again and again, waiting longer each time. These failed every
          time: mend the cause (the mail server’s settings, say), then retry them.
        </p>
        <FailedJobs />
      </section>
    </section>
  );
}

function HealthPanel() {
  const health = useQuery(siteHealthQuery());
  if (health.isPending) return <p className="text-neutral-500">Loading…</p>;
  if (health.isError) return <p role="alert">{health.error.message}</p>;
  const { version, database, mail, uploads, queues, federation } = health.data;
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2">
        <Fact term="Version">Inkwell {version}</Fact>
        <Fact term="Database">
          {ENGINES[database.engine]}, {formatBytes(database.bytes)}
          {database.replicas.map((replica) => (
            <span
              key={replica.name}
              className={`block text-sm ${UNUSED_REPLICA.has(replica.state) ? 'text-red-700' : 'text-neutral-600'}`}
            >
              Read replica <span className="break-all">{replica.name}</span>: {REPLICA_STATES[replica.state]}
            </span>
          ))}
        </Fact>
        <Fact term="Mail">
          {mail.sends ? 'Sent through SMTP' : 'Not sent: SMTP_URL is not set, so mail is written to the log'}
          {mail.lastSentAt && (
            <span className="block text-sm text-neutral-600">
              Last sent <time dateTime={mail.lastSentAt}>{formatDateTime(mail.lastSentAt)}</time>
            </span>
          )}
          {mail.lastError && (
            <span className="block text-sm text-red-700">
              Last failed <time dateTime={mail.lastError.at}>{formatDateTime(mail.lastError.at)}</time>:{' '}
              <span className="break-all">{mail.lastError.message}</span>
            </span>
          )}
        </Fact>
        <Fact term="Images">
          {uploads.freeBytes === null ? 'Kept in S3' : `${formatBytes(uploads.freeBytes)} free on the disk`}
        </Fact>
        <Fact term="Fediverse">{federation ? 'On' : 'Off (PUBLIC_URL is not set)'}</Fact>
      </dl>
      <h3 id="queues" className="mt-10 mb-4 text-xl">
        Job queues
      </h3>
      {queues.length === 0 ? (
        <p className="text-neutral-600">No job is waiting.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-labelledby="queues" className="w-full text-left">
            <thead className="text-sm text-neutral-600">
              <tr>
                <th scope="col" className="py-2 font-normal">
                  Queue
                </th>
                {COUNTS.map(([, label]) => (
                  <th key={label} scope="col" className="py-2 pl-4 text-right font-normal">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {queues.map((row) => (
                <tr key={row.queue} className="border-t border-neutral-100">
                  <th scope="row" className="py-2 font-normal break-all">
                    {row.queue}
                  </th>
                  {COUNTS.map(([state]) => (
                    <td key={state} className="py-2 pl-4 text-right">
                      {row[state]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-neutral-600">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
