import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Logger } from '../logger';

/** `messageId`: the `Message-ID` header, `<...@host>`, the same on every attempt to send one outbox row. */
export type OutgoingMail = { to: string; subject: string; html: string; text: string; messageId: string };

/** Where mail goes: an SMTP server, or `.eml` files for a self-hoster without one. */
export type MailTransport = {
  readonly kind: 'smtp' | 'files';
  /** Resolves once the message is handed over; rejects when it was not (the dispatcher retries). */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes the SMTP connections kept open for the next mail (at shutdown). */
  close(): void;
};

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The links of an HTML message, unescaped, in order, once each. */
export function linksOf(html: string): string[] {
  const links = [...html.matchAll(/\bhref="([^"]*)"/g)].map((match) =>
    match[1]!.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!),
  );
  return [...new Set(links)];
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written as an `.eml` file (both parts,
 * CRLF as RFC 5322 wants) under DATA_DIR/mail and its links are logged, so someone trying the
 * product can open the booking links without a mail server. Outside production only: in
 * production the links (which carry tokens) stay out of the logs and only the file is named.
 */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'isProduction'>,
  logger: Logger,
): MailTransport {
  if (config.smtpUrl) {
    // Bounded waits: a send must finish well within the dispatcher's claim on the row.
    // Pooled: a connection (and its TLS handshake and login) serves the mails that follow it, up
    // to nodemailer's 100, instead of one connection per mail; the dispatcher sends one mail at
    // a time, so one connection is open while mail flows, closed after a minute without any.
    const smtp = nodemailer.createTransport(
      {
        url: config.smtpUrl,
        pool: true,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
        idleTimeout: 60_000,
      },
      { from: config.mailFrom },
    );
    return {
      kind: 'smtp',
      async send(mail) {
        await smtp.sendMail(mail);
      },
      close: () => smtp.close(),
    };
  }

  const folder = path.join(config.dataDir, 'mail');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from: config.mailFrom });
  return {
    kind: 'files',
    async send(mail) {
      const info = await composer.sendMail(mail);
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      // The folder is made when a write finds it missing, not before every mail.
      await writeFile(file, info.message as Buffer).catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true });
        await writeFile(file, info.message as Buffer);
      });
      if (config.isProduction) logger.info({ file }, 'mail written to a file (set SMTP_URL to send it)');
      else logger.info({ file, subject: mail.subject, links: linksOf(mail.html) }, 'mail written to a file (set SMTP_URL to send it)');
    },
    close: () => composer.close(),
  };
}
