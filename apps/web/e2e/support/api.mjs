// Calls to the API a scenario makes for its set-up (another guest booking, the hotel changing a
// price) and for checking what no page shows (how many rooms are left): never to stand in for
// what the guest does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DAY } from './dates.mjs';
import { repoRoot } from './paths.mjs';
import { secrets } from './secrets.mjs';
import { ADMIN_API_KEY } from './server.mjs';

export async function api(baseUrl, method, route, body, headers = {}) {
  secrets.sent.push(`${route}\n${JSON.stringify(body ?? null)}`);
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

const nextDay = (night) => new Date(Date.parse(night) + DAY).toISOString().slice(0, 10);

/** The demo property's search answer for a stay. */
export async function searchViaApi(baseUrl, { from, to, adults = 2 }) {
  const found = await api(baseUrl, 'POST', '/Availability/Search', {
    PropertyId: 1,
    LanguageCode: 'en',
    DateFrom: from,
    DateTo: to,
    Rooms: [{ NumberOfAdults: adults, NumberOfChildren: 0, NumberOfInfants: 0 }],
  });
  if (found.status !== 200) throw new Error(`Search failed: ${found.status} ${JSON.stringify(found.body)}`);
  return found.body;
}

/** How many rooms of a room type (by name) are free for a stay. */
export async function roomsLeft(baseUrl, { from, to, roomType, adults = 2 }) {
  const answer = await searchViaApi(baseUrl, { from, to, adults });
  const entry = answer.RoomTypes.find((candidate) => candidate.RoomType.Name === roomType);
  return entry === undefined ? 0 : (answer.NumberOfRoomsPerRoomTypeId[entry.RoomType.RoomTypeId] ?? 0);
}

const SET_UP_SECURITY_CODE = '351';

/**
 * Books `count` rooms of a search entry as another guest would, through the API: the server
 * prices every room itself, and a wrong TotalCost is answered with the right one.
 */
async function bookEntry(baseUrl, { from, to, entry, adults, count, tag }) {
  secrets.cardNumbers.add('4242424242424242');
  secrets.securityCodes.add(SET_UP_SECURITY_CODE);
  const rooms = Array.from({ length: count }, (_, index) => ({
    ReservationItemId: `${tag}-${index}`,
    DateFrom: from,
    DateTo: to,
    RoomTypeId: entry.RoomType.RoomTypeId,
    RatePlanId: entry.Rates[0].RatePlanId,
    NumberOfAdults: adults,
    NumberOfChildren: 0,
    NumberOfInfants: 0,
    Services: [],
    TotalCost: 0,
    RoomConfigurationDropdownOptionId: entry.RoomType.Configurations[0]?.RoomConfigurationDropdownOptionId ?? null,
    LeadGuest: { FirstName: 'Other', LastName: 'Guest' },
    Guests: [],
  }));
  const request = {
    LanguageCode: 'en',
    PropertyId: 1,
    DateFrom: from,
    DateTo: to,
    Booker: {
      FirstName: 'Other',
      LastName: 'Guest',
      Email: 'other.guest@example.com',
      Phone: '+441179000300',
      Street: '1 Quay',
      CountryId: 826,
      ZipCode: 'BS1 1AA',
    },
    CardDetails: {
      CardNumber: '4242424242424242',
      NameOnCard: 'Other Guest',
      CreditCardTypeId: 1,
      ExpiryMonth: 12,
      ExpiryYear: new Date().getUTCFullYear() + 2,
      SecurityCode: SET_UP_SECURITY_CODE,
    },
    PaymentType: 'PayByCard',
    Rooms: rooms,
  };
  let created = await api(baseUrl, 'POST', '/Reservation/Create', request, { 'Idempotency-Key': crypto.randomUUID() });
  if (created.status === 409 && created.body?.Rooms) {
    for (const [index, room] of request.Rooms.entries()) room.TotalCost = created.body.Rooms[index].TotalCost;
    created = await api(baseUrl, 'POST', '/Reservation/Create', request, { 'Idempotency-Key': crypto.randomUUID() });
  }
  if (created.status !== 200) throw new Error(`Booking through the API failed: ${created.status} ${JSON.stringify(created.body)}`);
  secrets.confirmationTokens.add(created.body.ConfirmationToken);
  return created.body;
}

/** Another guest books `count` rooms of a room type (by name) for a stay. */
export async function bookViaApi(baseUrl, { from, to, roomType, adults = 2, count = 1 }) {
  const answer = await searchViaApi(baseUrl, { from, to, adults });
  const entry = answer.RoomTypes.find((candidate) => candidate.RoomType.Name === roomType);
  if (!entry) throw new Error(`${roomType} is not offered from ${from} to ${to}`);
  return bookEntry(baseUrl, { from, to, entry, adults, count, tag: `other-${from}` });
}

/** Books every room of the property for one night through the API, so a search of it is sold out. */
export async function sellOut(baseUrl, night) {
  const next = nextDay(night);
  for (let round = 0; round < 40; round += 1) {
    const found = await searchViaApi(baseUrl, { from: night, to: next, adults: 2 });
    const single = await searchViaApi(baseUrl, { from: night, to: next, adults: 1 });
    const left = { ...single.NumberOfRoomsPerRoomTypeId, ...found.NumberOfRoomsPerRoomTypeId };
    const offers = [
      ...found.RoomTypes.map((entry) => ({ entry, adults: 2 })),
      ...single.RoomTypes.map((entry) => ({ entry, adults: 1 })),
    ].filter(({ entry }) => (left[entry.RoomType.RoomTypeId] ?? 0) > 0 && entry.Rates.length > 0);
    if (offers.length === 0) return;
    const { entry, adults } = offers[0];
    const count = Math.min(4, left[entry.RoomType.RoomTypeId]);
    await bookEntry(baseUrl, { from: night, to: next, entry, adults, count, tag: `sold-out-${round}` });
  }
  throw new Error('Could not sell the night out');
}

/**
 * The hotel changes a price: the demo definition is imported again with one more nightly price
 * (`{ RoomType, From, To, BaseRate, ... }` on a rate plan by code). Answers a function that puts
 * the definition back as it was.
 */
export async function changeDemoPrice(baseUrl, { ratePlan, price }) {
  const original = JSON.parse(readFileSync(path.join(repoRoot, 'db/demo/demo-group.json'), 'utf8'));
  const changed = structuredClone(original);
  changed.Properties[0].RatePlans.find((plan) => plan.Code === ratePlan).Prices.push(price);
  const put = (definition) => api(baseUrl, 'PUT', '/Admin/Definition', definition, { 'X-Api-Key': ADMIN_API_KEY });
  const answer = await put(changed);
  if (answer.status !== 200) throw new Error(`Changing the price failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return async () => {
    const restored = await put(original);
    if (restored.status !== 200) throw new Error(`Restoring the demo failed: ${restored.status} ${JSON.stringify(restored.body)}`);
  };
}
