import { describe, expect, it } from 'vitest';
import { cardNumberNeedle, describeFindings, findSecrets, linkTokensIn, masked, securityCodeNeedle, textNeedle } from './secret-scan.mjs';

// The scanner of the fuzz and end-to-end runs: a scan that cannot find what it looks for would pass forever.
describe('the secrets scanner', () => {
  it.each([
    '4242424242424242',
    '4242 4242 4242 4242',
    '4242-4242-4242-4242',
    'card=4242+4242+4242+4242',
    '4242%204242%204242%204242',
    '"CardNumber":"4242424242 424242"',
    '4242  4242  4242  4242',
    '4242.4242.4242.4242',
    '４２４２ ４２４２ ４２４２ ４２４２',
  ])('finds a card number written as %s', (text) => {
    expect(findSecrets([cardNumberNeedle('4242 4242 4242 4242')], [{ name: 'text', text }])).toHaveLength(1);
  });

  it('does not take a longer digit run or another card for the card', () => {
    const needle = cardNumberNeedle('4242424242424242');
    expect(findSecrets([needle], [{ name: 'text', text: '14242424242424242 5555555555554444 424242424242424' }])).toEqual([]);
  });

  it.each(['"SecurityCode":"739"', 'cvv 739', 'CVC2=739', 'security code: 739', 'security_code=739', '{"code":"739"}'])(
    'finds a security code named or quoted alone: %s',
    (text) => {
      expect(findSecrets([securityCodeNeedle('739')], [{ name: 'text', text }])).toHaveLength(1);
    },
  );

  it('does not take the same digits elsewhere for a security code', () => {
    const text = '{"port":7391,"responseTime":739,"url":"/api/Property/17392","msg":"room 739 is free","change_xid":"739"}';
    expect(findSecrets([securityCodeNeedle('739')], [{ name: 'text', text }])).toEqual([]);
  });

  it('finds a password as it is, percent-encoded and JSON-escaped', () => {
    const needle = textNeedle('password', 'Velvet "harbour" 42!');
    for (const text of ['Velvet "harbour" 42!', 'p=Velvet%20%22harbour%22%2042!', '{"Password":"Velvet \\"harbour\\" 42!"}']) {
      expect(findSecrets([needle], [{ name: 'text', text }]), text).toHaveLength(1);
    }
  });

  it("takes a mail's link codes and tokens as needles, not its route names or reservation numbers", () => {
    const mail = [
      'Manage: http://localhost:3000/Manage/DEMO/Reservation/N6HQAKBC/_oALPLAx65Og8JbCzPQ-V2',
      '<a href="http://localhost:3000/Account/ResetPassword/DEMO?token=Zq3xVbN81kLmPq0rStUvWxyzAbCdEfGhIjKlMnOpQRS&amp;x=1">Reset</a>',
      'Rooms: https://hotel.example/api/RoomTypeConfiguration/Get?propertyId=1',
    ].join('\n');
    expect(linkTokensIn(mail)).toEqual(['_oALPLAx65Og8JbCzPQ-V2', 'Zq3xVbN81kLmPq0rStUvWxyzAbCdEfGhIjKlMnOpQRS']);
  });

  it('reports the kind, a masked form and the line, never the secret', () => {
    const findings = findSecrets(
      [textNeedle('session id', 'Zq3xVbN81kLmPq0rStUvWx'), securityCodeNeedle('739')],
      [{ name: 'the log', text: 'first line\nsecond line sid=Zq3xVbN81kLmPq0rStUvWx\ncvv=739' }],
    );
    const report = describeFindings(findings);
    expect(report).toBe(
      'session id Zq…Wx (22 characters) found in the log, line 2\nsecurity code ••• (3 characters) found in the log, line 3',
    );
    expect(report).not.toContain('Zq3xVbN81kLmPq0rStUvWx');
    expect(masked('4242424242424242')).toBe('42…42 (16 characters)');
  });
});
