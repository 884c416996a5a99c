// The PayStack side of the run: the fake PayStack the API is started against (the API's own test
// fake, apps/api/test/support/fake-paystack.mjs) and the PayStack property the scenario books,
// imported next to the demo properties, which stay as they are and need no PayStack key.
import { startFakePaystack } from '../../../api/test/support/fake-paystack.mjs';
import { api } from './api.mjs';
import { ADMIN_API_KEY } from './server.mjs';

/** A key for the fake only: it signs the webhooks the API checks. */
export const PAYSTACK_SECRET_KEY = 'sk_test_e2e_fake_7d41c9a2b6e8';

export function startPaystack() {
  return startFakePaystack({ secretKey: PAYSTACK_SECRET_KEY });
}

export const PAYSTACK_PROPERTY = 'LAGOS';

/** Imports the PayStack property (Naira, one Lagos Double at ₦45,000.00 a night); importing it again changes nothing. */
export async function givenPaystackProperty(baseUrl) {
  const definition = {
    Properties: [
      {
        Code: PAYSTACK_PROPERTY,
        Name: 'Lagos Marina Hotel',
        TimeZone: 'Africa/Lagos',
        Currency: 'NGN',
        Address: '1 Marina, Lagos Island, Lagos',
        Email: 'stay@lagos-marina.example',
        DefaultPhoneCountryCode: 'NG',
        StandardVatRate: 7.5,
        CreditCards: ['Visa', 'Mastercard'],
        Payments: { Provider: 'paystack' },
        BookingConfiguration: { ShowRoomConfigurationQuestion: true },
        RoomTypes: [
          {
            Code: 'LDBL',
            Name: 'Lagos Double',
            Rooms: ['201'],
            MaximumOccupancy: 2,
            AdultMaximumOccupancy: 2,
            ChildMaximumOccupancy: 0,
            Configurations: ['King', 'Twin'],
          },
        ],
        RatePlans: [{ Code: 'FLEX', Name: 'Flexible Rate', Prices: [{ RoomType: 'LDBL', BaseRate: 45000 }] }],
        Services: [
          { Code: 'BRK', Name: 'Breakfast', ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Name: 'Breakfast', Price: 7500 }] },
        ],
      },
    ],
  };
  const answer = await api(baseUrl, 'PUT', '/Admin/Definition', definition, { 'X-Api-Key': ADMIN_API_KEY });
  if (answer.status !== 200) throw new Error(`Importing the PayStack property failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}
