import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { z } from 'zod';

export interface OutgoingMail {
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'file';
  /** `key` is the job's idempotency key: it gives the Message-ID and names the file in the file transport. */
  send(mail: OutgoingMail, key: string): Promise<{ messageId: string }>;
  close(): void;
}

export const sentMailSchema = z.object({
  id: z.string(),
  key: z.string(),
  messageId: z.string(),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
  emlFile: z.string(),
});
export type SentMail = z.infer<typeof sentMailSchema>;

export const mailDir = (dataDir: string): string => join(dataDir, 'mail');

const safeName = (key: string): string => key.replace(/[^a-zA-Z0-9._-]/g, '_').slice(0, 80);
const keyHash = (key: string): string => createHash('sha256').update(key).digest('hex');

/** One Message-ID per job, so a copy sent again after a crash is recognisable as the same email. */
export function stableMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'roarplus.local';
  return `<${keyHash(key).slice(0, 32)}@${domain}>`;
}

/** The file transport's name for a job's message: the same job always writes the same files. */
export const mailFileId = (key: string): string => `${safeName(key)}-${keyHash(key).slice(0, 12)}`;

/**
 * Delivery is AT LEAST ONCE (email-job.ts, sent-log.ts): a job cut short by a crash is sent again,
 * under the same Message-ID (stableMessageId); the file transport then rewrites the same file.
 *
 * SMTP when a URL is given (a mail catcher in compose, a provider in production); otherwise every
 * message is written under `<dataDir>/mail/` as an `.eml` file a mail client opens, with a `.json`
 * beside it holding to/subject/text/html for tests and people.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string; timeoutMs: number }): Mailer {
  const { from, timeoutMs } = options;
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    const secure = url.protocol === 'smtps:';
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (secure ? 465 : 587)),
      secure,
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      // Our own limits: a mail server that accepts but never answers must not hold a job forever.
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 2,
    });
    return {
      kind: 'smtp',
      async send(mail, key) {
        const info = await transport.sendMail({
          from,
          to: [...mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: stableMessageId(key, from),
        });
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = mailDir(options.dataDir);
  return {
    kind: 'file',
    async send(mail, key) {
      const info = await transport.sendMail({
        from,
        to: [...mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: stableMessageId(key, from),
      });
      const message: unknown = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('file mail transport produced no message buffer');
      await mkdir(dir, { recursive: true });
      const sentAt = new Date().toISOString();
      // Named by the job, not the time: a job sent again after a crash overwrites its own file.
      const id = mailFileId(key);
      const record: SentMail = {
        id,
        key,
        messageId: String(info.messageId),
        from,
        to: [...mail.to],
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        sentAt,
        emlFile: `${id}.eml`,
      };
      await writeFile(join(dir, `${id}.eml`), message);
      // The .json appears last and whole (rename), so a reader never sees half a message.
      await writeFile(join(dir, `${id}.json.tmp`), JSON.stringify(record, null, 2));
      await rename(join(dir, `${id}.json.tmp`), join(dir, `${id}.json`));
      return { messageId: record.messageId };
    },
    close: () => transport.close(),
  };
}

/** Every message the file transport wrote under `<dataDir>/mail/`, oldest first. */
export async function listSentMail(dataDir: string): Promise<SentMail[]> {
  const dir = mailDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const mails: SentMail[] = [];
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const parsed = sentMailSchema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')));
    if (parsed.success) mails.push(parsed.data);
  }
  return mails.sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id.localeCompare(b.id));
}
