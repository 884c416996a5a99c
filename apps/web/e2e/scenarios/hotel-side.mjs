// The hotel's side of a booking a guest makes in the browser: the hotel's e-mail to its
// reservations address, the booking in the reservations feed, and a webhook the hotel's own
// receiver verifies as signed (Standard Webhooks); then the hotel changes a price with ARI and the
// next search shows it, while calls with a wrong key, a bad range or an unknown code change nothing.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import { api } from '../support/api.mjs';
import { isoDaysAhead } from '../support/dates.mjs';
import { confirmAndLand, fillBooker, fillCard, moneyOf, search } from '../support/guest-steps.mjs';
import { mailsTo } from '../support/mail.mjs';
import { ADMIN_API_KEY } from '../support/server.mjs';
import { check } from '../support/session.mjs';

// The receiver checks signatures with the package the Standard Webhooks project publishes, as a hotel's would (the API's dependency).
const { Webhook } = createRequire(new URL('../../../api/package.json', import.meta.url))('standardwebhooks');

const PROPERTY = 'HOOKS';
const RESERVATIONS = 'reservations@harbour-hooks.example';
const admin = { 'X-Api-Key': ADMIN_API_KEY };

export function skipped(env) {
  return env.server.dataDir ? null : 'reads the mails the API wrote and starts a webhook receiver on this machine (not with E2E_BASE_URL)';
}

/** The hotel's webhook endpoint: every delivery kept with whether its signature verified. */
async function startReceiver(secret) {
  const verifier = new Webhook(secret);
  const deliveries = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        deliveries.push({ verified: true, id: req.headers['webhook-id'], event: verifier.verify(body, req.headers) });
        res.writeHead(204).end();
      } catch (error) {
        deliveries.push({ verified: false, error: String(error) });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/hotel/webhooks`, deliveries, close: () => server.close() };
}

async function givenHookedProperty(baseUrl, webhook) {
  const definition = {
    Properties: [
      {
        Code: PROPERTY,
        Name: 'Harbour Hooks Hotel',
        TimeZone: 'Europe/London',
        Currency: 'GBP',
        Address: '2 Quay Street, Bristol',
        Email: 'stay@harbour-hooks.example',
        ReservationsEmail: RESERVATIONS,
        CreditCards: ['Visa', 'Mastercard'],
        Webhooks: [{ Url: webhook.url, Secret: webhook.secret, Events: ['*'] }],
        BookingConfiguration: { ShowRoomConfigurationQuestion: true },
        RoomTypes: [{ Code: 'HDBL', Name: 'Hooks Double', Rooms: ['11', '12'], MaximumOccupancy: 2, Configurations: ['King', 'Twin'] }],
        RatePlans: [{ Code: 'FLEX', Name: 'Flexible Rate', Prices: [{ RoomType: 'HDBL', BaseRate: 120 }] }],
      },
    ],
  };
  const answer = await api(baseUrl, 'PUT', '/Admin/Definition', definition, admin);
  if (answer.status !== 200) throw new Error(`Importing ${PROPERTY} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

async function waitFor(what, found) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await found();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export default async function run(session, { baseUrl, server }) {
  const { page } = session;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const receiver = await startReceiver(secret);
  try {
    await givenHookedProperty(baseUrl, { url: receiver.url, secret });
    const propertyId = (await api(baseUrl, 'GET', `/Property/${PROPERTY}`)).body.PropertyId;
    const since = new Date().toISOString();

    // The guest books 2 nights of the Hooks Double at £120.00: £240.00.
    const stay = { from: isoDaysAhead(91), to: isoDaysAhead(93) };
    await search(session, { ...stay, adults: 2, property: PROPERTY });
    await page.getByText('Good news, your selection is available').waitFor();
    await page.getByRole('button', { name: 'See rates for Hooks Double' }).click();
    await page.getByRole('button', { name: 'Book Flexible Rate' }).click();
    await page.getByRole('heading', { name: 'Who is staying?' }).waitFor();
    await page.getByLabel('Lead guest first name').fill('Mary');
    await page.getByLabel('Lead guest last name').fill('Seacole');
    await page.getByLabel('Room configuration').selectOption({ label: 'King' });
    await page.getByRole('button', { name: 'Continue' }).click();
    const checkout = page.getByRole('heading', { name: 'Checkout' });
    await checkout.or(page.getByRole('heading', { name: 'Add extras to your stay' })).waitFor();
    if (!(await checkout.isVisible())) await page.getByRole('button', { name: 'Continue' }).click();
    await checkout.waitFor();
    await fillBooker(page, { first: 'Mary', last: 'Seacole', email: 'mary.seacole@example.com' });
    await fillCard(page, '2223 0031 2200 3222', '608');
    await page.getByLabel(/I agree to the/).check();
    check(moneyOf(await page.getByTestId('booking-total').textContent()) === 240, 'the stay costs £240.00 (2 x £120.00)');
    const number = await confirmAndLand(session);

    // 1. The hotel's e-mail, with the booking and no card number.
    const [notice] = await mailsTo(server, RESERVATIONS);
    check(notice !== undefined, `the hotel's reservations address got an e-mail`);
    check(notice.text.includes(number), 'the e-mail names the booking');
    check(!/2223\s?0031\s?2200\s?3222/.test(notice.text), 'the e-mail carries no card number');

    // 2. The booking in the feed; a wrong key reads nothing.
    const feed = await api(
      baseUrl,
      'GET',
      `/Admin/Reservations?propertyCode=${PROPERTY}&updatedSince=${encodeURIComponent(since)}`,
      undefined,
      admin,
    );
    check(feed.status === 200, `the feed answers (${feed.status})`);
    const item = feed.body.Items.find((entry) => entry.ReservationNumber === number);
    check(item !== undefined, 'the booking is in the feed');
    check(
      item.Status === 'Confirmed' && item.Totals.Total === 240,
      `the feed has it confirmed at £240.00 (${JSON.stringify(item.Totals)})`,
    );
    const refused = await api(baseUrl, 'GET', `/Admin/Reservations?propertyCode=${PROPERTY}`, undefined, { 'X-Api-Key': 'not-the-key' });
    check(refused.status === 401, `a wrong key is refused (${refused.status})`);

    // 3. The signed webhook, verified by the hotel's receiver.
    const created = await waitFor('reservation.created', () =>
      receiver.deliveries.find((delivery) => delivery.verified && delivery.event.type === 'reservation.created'),
    );
    check(JSON.stringify(created.event.data).includes(number), 'the webhook names the booking');
    check(
      receiver.deliveries.every((delivery) => delivery.verified),
      'every delivery verifies with the secret',
    );

    // 4. The hotel raises the price of the next fortnight's nights to £150.00 with ARI; the next search shows it.
    const later = { from: isoDaysAhead(101), to: isoDaysAhead(103) };
    const change = (changes, headers = admin) => api(baseUrl, 'POST', '/Admin/Ari', { PropertyCode: PROPERTY, Changes: changes }, headers);
    const price = { Type: 'Price', RatePlan: 'FLEX', RoomType: 'HDBL', From: later.from, To: isoDaysAhead(102), Price: 150 };
    check((await change([price], { 'X-Api-Key': 'not-the-key' })).status === 401, 'ARI with a wrong key is refused');
    check((await change([{ ...price, From: later.to, To: later.from }])).status === 400, 'ARI with To before From is refused');
    check((await change([{ ...price, RoomType: 'NOPE' }])).status === 400, 'ARI with an unknown room type is refused');
    const stayCost = async () => {
      const found = await api(baseUrl, 'POST', '/Availability/Search', {
        PropertyId: propertyId,
        LanguageCode: 'en',
        DateFrom: later.from,
        DateTo: later.to,
        Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      });
      return found.body.RoomTypes[0]?.Rates[0]?.RoomCosts[0]?.TotalCost;
    };
    const before = await stayCost();
    check(before === 240, `the refused changes left 2 nights x £120.00 = £240.00 (${before})`);
    const applied = await change([price]);
    check(applied.status === 200, `ARI applies the price (${applied.status} ${JSON.stringify(applied.body)})`);
    const after = await stayCost();
    check(after === 300, `the next search costs 2 nights x £150.00 = £300.00 (${after})`);

    await search(session, { ...later, adults: 2, property: PROPERTY });
    await page.getByText('Good news, your selection is available').waitFor();
    await page.getByRole('button', { name: 'See rates for Hooks Double' }).click();
    const rate = page.getByRole('button', { name: 'Book Flexible Rate' });
    await rate.waitFor();
    const shown = await page.locator('main').textContent();
    check(shown.includes('£300.00') || shown.includes('£150.00'), 'the search shows the new price (2 nights x £150.00 = £300.00)');
    await session.snap('after-ari');
  } finally {
    receiver.close();
  }
}
