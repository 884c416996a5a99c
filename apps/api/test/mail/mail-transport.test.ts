import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger';
import { createMailTransport, linksOf } from '../../src/mail/mail-transport';
import { aFakeSmtpServer, emlFiles, mimePart } from './mail-fixtures';

let dataDir: string;
let logLines: string[];
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-mail-transport-'));
  logLines = [];
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

function capturingLogger() {
  return createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  );
}

const mail = {
  to: 'Ann Lee <ann@example.com>',
  subject: 'Your booking at Test Hotel: K7P2QX',
  html: '<p>Caf\u00e9 &amp; bar</p><a href="https://book.example/Manage?ref=K7P2QX&amp;code=abc">Manage</a><a href="https://book.example/PreCheckIn?ref=K7P2QX&amp;code=abc">Pre check-in</a><a href="https://book.example/Manage?ref=K7P2QX&amp;code=abc">Manage again</a>',
  text: 'Caf\u00e9 & bar\nManage: https://book.example/Manage?ref=K7P2QX&code=abc',
  messageId: '<outbox-7.0123456789abcdef0123@book.example>',
};

const links = ['https://book.example/Manage?ref=K7P2QX&code=abc', 'https://book.example/PreCheckIn?ref=K7P2QX&code=abc'];

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail with both parts, from MAIL_FROM', async () => {
    const transport = createMailTransport(
      { smtpUrl: undefined, mailFrom: 'Test Hotel <stay@test-hotel.example>', dataDir, isProduction: false },
      capturingLogger(),
    );
    expect(transport.kind).toBe('files');
    await transport.send(mail);
    await transport.send({ ...mail, subject: 'Second' });

    const [eml, second] = await emlFiles(dataDir);
    expect(second).toContain('Subject: Second');
    expect(eml).toContain('From: Test Hotel <stay@test-hotel.example>\r\n');
    expect(eml).toContain('To: Ann Lee <ann@example.com>\r\n');
    expect(eml).toContain('Subject: Your booking at Test Hotel: K7P2QX\r\n');
    expect(eml).toMatch(/Content-Type: multipart\/alternative;/);
    expect(mimePart(eml!, 'text/plain')?.trimEnd()).toBe(mail.text.replace(/\n/g, '\r\n'));
    expect(mimePart(eml!, 'text/html')?.trimEnd()).toBe(mail.html);
  });

  it('makes the mail folder again when it was removed while the process ran', async () => {
    const transport = createMailTransport(
      { smtpUrl: undefined, mailFrom: 'x <x@example.com>', dataDir, isProduction: false },
      capturingLogger(),
    );
    await transport.send(mail);
    await rm(path.join(dataDir, 'mail'), { recursive: true });
    await transport.send({ ...mail, subject: 'After the clean-up' });
    const files = await emlFiles(dataDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toContain('Subject: After the clean-up');
  });

  it('logs where the file is and its links, unescaped and once each, for someone trying it out to click', async () => {
    const transport = createMailTransport(
      { smtpUrl: undefined, mailFrom: 'x <x@example.com>', dataDir, isProduction: false },
      capturingLogger(),
    );
    await transport.send(mail);
    const line = JSON.parse(logLines.find((entry) => entry.includes('mail written'))!) as { level: number; file: string; links: string[] };
    expect(line.level).toBe(30);
    expect(line.links).toEqual(links);
    expect(path.dirname(line.file)).toBe(path.join(dataDir, 'mail'));
  });

  it('keeps the links (which carry tokens) out of the logs in production', async () => {
    const transport = createMailTransport(
      { smtpUrl: undefined, mailFrom: 'x <x@example.com>', dataDir, isProduction: true },
      capturingLogger(),
    );
    await transport.send(mail);
    expect(logLines.some((entry) => entry.includes('mail written'))).toBe(true);
    expect(logLines.join('\n')).not.toContain('code=abc');
  });

  it('finds the links of a message', () => {
    expect(linksOf(mail.html)).toEqual(links);
    expect(linksOf('<p>no links</p>')).toEqual([]);
  });
});

function anSmtpTransport(port: number, mailFrom = 'x <x@example.com>') {
  return createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom, dataDir, isProduction: true }, capturingLogger());
}

describe('with SMTP_URL', () => {
  it('sends through the SMTP server, from MAIL_FROM, with both parts', async () => {
    const smtp = await aFakeSmtpServer();
    const transport = anSmtpTransport(smtp.port, 'Test Hotel <stay@test-hotel.example>');
    try {
      expect(transport.kind).toBe('smtp');
      await transport.send(mail);
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message!.from).toBe('MAIL FROM:<stay@test-hotel.example>');
      expect(message!.to).toEqual(['RCPT TO:<ann@example.com>']);
      expect(mimePart(message!.data, 'text/html')?.trimEnd()).toBe(mail.html);
      expect(mimePart(message!.data, 'text/plain')).toContain('Manage: https://book.example/Manage?ref=K7P2QX&code=abc');
      expect(await emlFiles(dataDir)).toEqual([]);
    } finally {
      // The server's close waits for the connection the transport keeps open.
      transport.close();
      await smtp.close();
    }
  });

  it('sends the mails that follow one another over one connection, and ends it when closed', async () => {
    const smtp = await aFakeSmtpServer();
    const transport = anSmtpTransport(smtp.port);
    try {
      for (const subject of ['First', 'Second', 'Third']) await transport.send({ ...mail, subject });
      expect(smtp.messages.map((message) => message.data.match(/^Subject: (.*)$/m)?.[1])).toEqual(['First', 'Second', 'Third']);
      expect(smtp.sessions).toEqual({ opened: 1, closed: 0 });
      transport.close();
      await expect.poll(() => smtp.sessions.closed).toBe(1);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('rejects when the server cannot be reached, so the dispatcher retries', async () => {
    const closed = await aFakeSmtpServer();
    await closed.close();
    await expect(anSmtpTransport(closed.port).send(mail)).rejects.toThrow(/ECONNREFUSED/);
  });
});
