import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchPendingMail } from '../../src/mail/mail-dispatcher';
import { enqueueMail } from '../../src/mail/outbox';
import { renderBookingConfirmation } from '../../src/mail/templates/booking-confirmation';
import { brandColour, renderMailLayout } from '../../src/mail/templates/mail-layout';
import { escapeHtml, html } from '../../src/mail/templates/safe-html';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBookingConfirmation, emlFiles, mimePart } from './mail-fixtures';

/** The visible text of an HTML message: tags dropped, entities read, whitespace collapsed. */
function visibleText(markup: string): string {
  return markup
    .replace(/<div style="display:none[^>]*>.*?<\/div>/s, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the booking confirmation', () => {
  const mail = renderBookingConfirmation(aBookingConfirmation());
  const shown = visibleText(mail.html);

  it('is a booking_confirmation with the reservation number in its subject', () => {
    expect(mail.kind).toBe('booking_confirmation');
    expect(mail.subject).toBe('Your booking at Test Hotel: K7P2QX');
  });

  it('shows the stay with the display date format and the number of nights', () => {
    expect(shown).toContain('Reservation number K7P2QX');
    expect(shown).toContain('Arrival Thursday 1st April 2027');
    expect(shown).toContain('Departure Sunday 4th April 2027');
    expect(shown).toContain('Nights 3');
    expect(shown).toContain('Dear Ann Lee,');
  });

  it('lists each room with its rate, guests, configuration and price, the extras, and the totals to the penny', () => {
    expect(shown).toContain('Room 1: Double Best Available Rate 2 adults, 1 child King bed £450.00');
    expect(shown).toContain('Room 2: Single Breakfast Included 1 adult, 1 infant £300.00');
    expect(shown).toContain('Extras Breakfast x 2 £40.50');
    expect(shown).toContain('Rooms £750.00 Extras £40.50 Gift voucher -£25.00 Total £765.50 Of which VAT £127.58');
  });

  it('says how it is paid with the card masked to brand and last four digits, and links to manage and pre-check-in', () => {
    expect(shown).toContain('Payment Paid by card Visa ending 4242');
    expect(mail.html).toContain('href="https://book.test-hotel.example/Manage/TEST?ref=K7P2QX&amp;code=abc"');
    expect(mail.html).toContain('href="https://book.test-hotel.example/PreCheckIn/TEST?ref=K7P2QX&amp;code=abc"');
    expect(shown).toContain('Manage your booking');
    expect(shown).toContain('Pre check-in');
  });

  it('is branded: logo, theme colour with readable text on it, and the contact details as its footer', () => {
    expect(mail.html).toContain('<img src="https://test-hotel.example/logo.png" alt="Test Hotel"');
    expect(mail.html).toContain('background:#0b3d91;');
    expect(mail.html).toMatch(/color:#ffffff;text-decoration:none/);
    expect(shown.endsWith('Test Hotel 1 Test Street, Testville +441000000000 stay@test-hotel.example')).toBe(true);
    const light = renderBookingConfirmation(aBookingConfirmation({ property: { propertyName: 'Sunny', themeColour: '#ffdd00' } }));
    expect(light.html).toMatch(/color:#000000;text-decoration:none/);
    expect(light.html).toContain('>Sunny</span>');
  });

  it('has a plain-text alternative with the same facts and the links in full', () => {
    expect(mail.text).toBe(
      [
        'Booking confirmation',
        '',
        'Dear Ann Lee,',
        '',
        'Thank you for booking with Test Hotel. Your reservation is confirmed.',
        '',
        'Reservation number: K7P2QX',
        'Arrival: Thursday 1st April 2027',
        'Departure: Sunday 4th April 2027',
        'Nights: 3',
        '',
        'YOUR ROOMS',
        'Room 1: Double: £450.00',
        '  Best Available Rate',
        '  2 adults, 1 child',
        '  King bed',
        'Room 2: Single: £300.00',
        '  Breakfast Included',
        '  1 adult, 1 infant',
        '',
        'EXTRAS',
        'Breakfast x 2: £40.50',
        '',
        'Rooms: £750.00',
        'Extras: £40.50',
        'Gift voucher: -£25.00',
        'Total: £765.50',
        'Of which VAT: £127.58',
        '',
        'PAYMENT',
        'Paid by card',
        'Visa ending 4242',
        '',
        'Manage your booking: https://book.test-hotel.example/Manage/TEST?ref=K7P2QX&code=abc',
        'Pre check-in: https://book.test-hotel.example/PreCheckIn/TEST?ref=K7P2QX&code=abc',
        '',
        'We look forward to welcoming you.',
        '',
        '--',
        'Test Hotel',
        '1 Test Street, Testville',
        '+441000000000',
        'stay@test-hotel.example',
        '',
      ].join('\n'),
    );
  });

  it('leaves out what a booking does not have: extras, a gift voucher, a card', () => {
    const plain = renderBookingConfirmation(
      aBookingConfirmation({
        services: [],
        totals: { rooms: 75_000, extras: 0, giftVoucherDiscount: 0, total: 75_000, vat: 12_500, vatRate: 20, isTaxExclusive: false },
        paymentType: 'Invoice to your company',
        card: null,
      }),
    );
    const text = visibleText(plain.html);
    expect(text).not.toContain('Extras');
    expect(text).not.toContain('Gift voucher');
    expect(text).toContain('Payment Invoice to your company Before you arrive');
    expect(plain.text).not.toContain('EXTRAS');
  });

  it('formats money in the property currency', () => {
    const dollars = renderBookingConfirmation(aBookingConfirmation({ currency: 'USD' }));
    expect(visibleText(dollars.html)).toContain('Total $765.50');
  });
});

describe('escaping', () => {
  const hostile = '<script>alert("x")</script> & \'quotes\'';
  const mail = renderBookingConfirmation(
    aBookingConfirmation({
      bookerName: hostile,
      reservationNumber: '"><img src=x onerror=alert(1)>',
      property: {
        propertyName: `Hotel ${hostile}`,
        logoUrl: 'javascript:alert(1)',
        themeColour: 'red;background:url(https://evil.example/x)',
        address: '<b>1 Street</b>',
        telephone: null,
        email: null,
      },
      rooms: [{ roomType: '<i>Double</i>', ratePlan: 'BAR', adults: 2, children: 0, infants: 0, configuration: '<u>King</u>', total: 100 }],
      services: [{ name: '<marquee>Spa</marquee>', quantity: 1, total: 100 }],
      manageBookingUrl: 'javascript:alert(1)',
      preCheckInUrl: 'https://book.example/p?a="onmouseover="alert(1)',
    }),
  );

  it('escapes every interpolated value, so no markup from data reaches the message', () => {
    expect(mail.html).not.toMatch(/<script|<img src=x|<i>|<u>|<b>|<marquee/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;');
    expect(mail.html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(visibleText(mail.html)).toContain(`Dear ${hostile},`);
  });

  it('drops links and logos that are not http(s), and colours that are not a hex colour', () => {
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.html).toContain('background:#1f2937;');
    expect(mail.html).not.toContain('"onmouseover=');
    expect(brandColour(' #ABC ')).toBe('#ABC');
    expect(brandColour('#abcd')).toBe('#1f2937');
  });

  it('keeps the text alternative as the data says it, since text is not markup', () => {
    expect(mail.text).toContain(`Dear ${hostile},`);
  });

  it('is what the html tag does: text escaped, markup built by the tag kept, lists joined, nothing for false and null', () => {
    const items = ['<a>', 'b&c'];
    // prettier-ignore
    const list = html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;
    expect(list.toString()).toBe('<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul>');
    expect(html`<p>${false}${null}${undefined}${0}</p>`.toString()).toBe('<p>0</p>');
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });

  it('makes a new e-mail a matter of its own content: the layout is shared', () => {
    const { html: markup, text } = renderMailLayout(
      { propertyName: 'Test Hotel' },
      { title: 'Reset your password', heading: 'Reset your password', html: html`<p>Follow the link.</p>`, text: 'Follow the link.' },
    );
    expect(markup).toContain('<title>Reset your password</title>');
    expect(markup).toContain('<p>Follow the link.</p>');
    expect(text).toBe('Reset your password\n\nFollow the link.\n\n--\nTest Hotel\n');
  });
});

describe('from the outbox to an .eml file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the rendered confirmation through the default transport with both parts', async () => {
    const rendered = renderBookingConfirmation(aBookingConfirmation());
    await t.database.db.transaction((tx) => enqueueMail(tx, t.context.config, { to: 'ann@example.com', ...rendered }));
    expect(await dispatchPendingMail(t.context)).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const [eml] = await emlFiles(t.context.config.dataDir);
    expect(eml).toContain('Subject: Your booking at Test Hotel: K7P2QX');
    expect(eml).toContain('To: ann@example.com');
    // The file has CRLF line ends, as RFC 5322 wants.
    expect(mimePart(eml!, 'text/html')?.replace(/\r\n/g, '\n').trimEnd()).toBe(rendered.html.trimEnd());
    expect(mimePart(eml!, 'text/plain')?.replace(/\r\n/g, '\n').trimEnd()).toBe(rendered.text.trimEnd());
    const logged = t.logLines.find((line) => line.includes('mail written'))!;
    expect(JSON.parse(logged).links).toEqual([
      'https://book.test-hotel.example/Manage/TEST?ref=K7P2QX&code=abc',
      'https://book.test-hotel.example/PreCheckIn/TEST?ref=K7P2QX&code=abc',
    ]);
  });
});
