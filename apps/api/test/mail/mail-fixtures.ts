import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { OutgoingMail, MailTransport } from '../../src/mail/mail-transport';
import type { BookingConfirmationMail } from '../../src/mail/templates/booking-confirmation';

/** A transport that keeps what it is given, and fails while `failing` is set. */
export function aRecordingTransport(options: { delayMs?: number } = {}) {
  const sent: OutgoingMail[] = [];
  const transport = {
    kind: 'smtp' as const,
    failing: undefined as string | undefined,
    sent,
    async send(mail: OutgoingMail) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (transport.failing) throw new Error(transport.failing);
      sent.push(mail);
    },
    close() {},
  } satisfies MailTransport & Record<string, unknown>;
  return transport;
}

/** A booking as the Create use case would describe it to the template. */
export function aBookingConfirmation(overrides: Partial<BookingConfirmationMail> = {}): BookingConfirmationMail {
  return {
    property: {
      propertyName: 'Test Hotel',
      logoUrl: 'https://test-hotel.example/logo.png',
      themeColour: '#0b3d91',
      address: '1 Test Street, Testville',
      telephone: '+441000000000',
      email: 'stay@test-hotel.example',
    },
    currency: 'GBP',
    reservationNumber: 'K7P2QX',
    bookerName: 'Ann Lee',
    arrival: '2027-04-01',
    departure: '2027-04-04',
    rooms: [
      { roomType: 'Double', ratePlan: 'Best Available Rate', adults: 2, children: 1, infants: 0, configuration: 'King bed', total: 45_000 },
      { roomType: 'Single', ratePlan: 'Breakfast Included', adults: 1, children: 0, infants: 1, configuration: null, total: 30_000 },
    ],
    services: [{ name: 'Breakfast', quantity: 2, total: 4_050 }],
    totals: { rooms: 75_000, extras: 4_050, giftVoucherDiscount: 2_500, total: 76_550, vat: 12_758, vatRate: 20, isTaxExclusive: false },
    paymentType: 'Paid by card',
    card: { brand: 'visa', last4: '4242' },
    manageBookingUrl: 'https://book.test-hotel.example/Manage/TEST?ref=K7P2QX&code=abc',
    preCheckInUrl: 'https://book.test-hotel.example/PreCheckIn/TEST?ref=K7P2QX&code=abc',
    ...overrides,
  };
}

/** The .eml files written under a DATA_DIR, oldest first. */
export async function emlFiles(dataDir: string): Promise<string[]> {
  const folder = path.join(dataDir, 'mail');
  const names = (await readdir(folder).catch(() => [])).filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map((name) => readFile(path.join(folder, name), 'utf8')));
}

/** The decoded body of the MIME part with this content type (quoted-printable or base64 as nodemailer chose). */
export function mimePart(eml: string, contentType: 'text/plain' | 'text/html'): string | undefined {
  const start = eml.indexOf(`Content-Type: ${contentType}`);
  if (start < 0) return undefined;
  const headerEnd = eml.indexOf('\r\n\r\n', start);
  const headers = eml.slice(start, headerEnd);
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(eml)?.[1];
  const body = eml.slice(headerEnd + 4, eml.indexOf(`\r\n--${boundary}`, headerEnd));
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * Just enough of an SMTP server to receive messages in the clear, counting the connections
 * opened and closed. `received(n)` resolves once n messages have arrived; after
 * `holdAcceptance()` each message is kept unanswered (the client does not know it was taken)
 * until `acceptHeld()`, so a test can put a fault between the server taking a mail and the
 * client hearing so.
 */
export async function aFakeSmtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const sessions = { opened: 0, closed: 0 };
  const waiters = new Set<() => void>();
  let holding = false;
  const held: (() => void)[] = [];
  const server = net.createServer((socket) => {
    sessions.opened += 1;
    socket.on('close', () => (sessions.closed += 1));
    let buffer = '';
    let data: string | undefined;
    let from = '';
    let to: string[] = [];
    socket.setEncoding('utf8');
    socket.write('220 fake.example ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== undefined) {
          if (line === '.') {
            messages.push({ from, to, data });
            data = undefined;
            to = [];
            const accept = () => socket.write('250 2.0.0 queued\r\n');
            if (holding) held.push(accept);
            else accept();
            for (const wake of waiters) wake();
          } else data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') from = line;
        if (verb === 'RCPT') to.push(line);
        if (verb === 'DATA') data = '';
        if (verb === 'EHLO') socket.write('250-fake.example\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') socket.write('354 go ahead\r\n');
        else if (verb === 'QUIT') socket.end('221 2.0.0 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    messages,
    sessions,
    received: (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (messages.length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    holdAcceptance: () => void (holding = true),
    acceptHeld() {
      holding = false;
      for (const accept of held.splice(0)) accept();
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
