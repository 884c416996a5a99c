import { describe, expect, it } from 'vitest';
import { renderTableBookingConfirmation, type TableBookingConfirmationMail } from '../../src/mail/templates/table-booking-confirmation';

function aTableBookingConfirmation(overrides: Partial<TableBookingConfirmationMail> = {}): TableBookingConfirmationMail {
  return {
    property: { propertyName: 'Test Hotel', themeColour: '#0b3d91', address: '1 Test Street, Testville', telephone: '+441000000000' },
    restaurantName: 'The Quay Kitchen',
    bookingReference: 'K7P2QXMR',
    visitDate: '2027-03-04',
    visitTime: '19:00',
    partySize: 2,
    ...overrides,
  };
}

describe('the table booking confirmation e-mail', () => {
  it('is a table_booking with the reference in its subject, and the facts in both parts', () => {
    const mail = renderTableBookingConfirmation(aTableBookingConfirmation());
    expect(mail.kind).toBe('table_booking');
    expect(mail.subject).toBe('Your table at The Quay Kitchen: K7P2QXMR');
    for (const line of [
      'Booking reference: K7P2QXMR',
      'Restaurant: The Quay Kitchen',
      'Date: Thursday 4th March 2027',
      'Time: 19:00',
      'Party: 2 guests',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('Table until');
    expect(mail.html).toContain('Thursday 4th March 2027');
    expect(mail.html).toContain('K7P2QXMR');
    expect(mail.text).toContain('1 Test Street, Testville');
  });

  it('shows the leave time, the offer, the identifier and the requests when there are any', () => {
    const mail = renderTableBookingConfirmation(
      aTableBookingConfirmation({
        partySize: 1,
        leaveTime: '20:00',
        promotion: { name: 'Early bird', description: 'Two courses for 25' },
        identifier: 'ABC23456',
        specialRequests: 'High chair',
      }),
    );
    for (const line of [
      'Party: 1 guest',
      'Table until: 20:00',
      'Offer: Early bird',
      'Two courses for 25',
      'Your reference: ABC23456',
      'High chair',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain('we will need it back by 20:00');
  });

  it('escapes every value a guest or a hotel wrote', () => {
    const mail = renderTableBookingConfirmation(
      aTableBookingConfirmation({
        restaurantName: '<b>Bar</b>',
        specialRequests: '<script>alert(1)</script>',
        identifier: '"><img src=x>',
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Bar</b>');
    expect(mail.html).not.toContain('"><img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('mails no link a guest typed: addresses in the requests are bracketed, and free text given as the identifier is left out', () => {
    const mail = renderTableBookingConfirmation(
      aTableBookingConfirmation({
        specialRequests: 'Claim your voucher at https://evil.example/claim or www.evil.example today',
        identifier: 'Claim your voucher at evil.example',
      }),
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/evil\.example|https:\/\/evil/);
      expect(part).toContain('Claim your voucher at https[:]//evil[.]example/claim or www[.]evil[.]example today');
      expect(part).not.toContain('Your reference');
    }
  });
});
