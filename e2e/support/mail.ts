import type { APIRequestContext } from '@playwright/test';

/** Where the e2e stack's SMTP inbox listens, and the HTTP endpoint that shows what it received. */
const stackPort = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = stackPort + 2;
export const MAILBOX_PORT = stackPort + 3;

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** By lower-case name. */
  headers: Record<string, string>;
}

/** Every mail the stack has sent to `address` so far (poll it with expect.poll). */
export async function mailsTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const res = await request.get(`http://127.0.0.1:${MAILBOX_PORT}/mails?to=${encodeURIComponent(address)}`);
  return (await res.json()) as Mail[];
}
