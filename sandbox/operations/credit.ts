import { PRICES } from '@/sandbox/prices';
import type { Operation } from '@/sandbox/operations/operation';

export const getCredit: Operation = {
  name: 'getCredit',
  paths: ['/v1/getCredit', '/v1/mine'],
  billable: false,
  handle({ balance }) {
    // The live gateway sends the balance as an integer in a string; so does the sandbox.
    return { cost: PRICES.credit, body: { currentCredit: String(balance), plan: 'Sandbox', renewal: null, creditBurn: PRICES.credit } };
  },
};
