import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OfflineTaxIdChecker } from './offline-tax-id-checker';
import { ViesTaxIdChecker } from './vies-tax-id-checker';

const offline = new OfflineTaxIdChecker();
const check = (country: string, taxId: string) => offline.check({ country, taxId, postalCode: null });

describe('OfflineTaxIdChecker', () => {
  it.each([
    ['DE', 'DE136695976'],
    ['DE', '136 695 976'],
    ['GR', 'EL094259216'],
    ['GR', 'GR094259216'],
    ['GB', 'GB 980 7806 84'],
    ['CH', 'CHE-116.281.710 MWST'],
    ['FR', 'FR40303265045'],
    ['NL', 'NL004495445B01'],
    ['AU', '51 824 753 556'],
  ])('accepts %s %s', async (country, taxId) => {
    expect(await check(country, taxId)).toEqual({ result: 'valid', service: 'offline', reference: null });
  });

  it.each([
    ['DE', 'DE136695977'],
    ['DE', 'FR40303265045'],
    ['GB', 'GB123'],
    ['FR', 'not a number'],
    ['AU', '51 824 753 557'],
  ])('refuses %s %s', async (country, taxId) => {
    expect((await check(country, taxId)).result).toBe('invalid');
  });

  it('cannot refuse a number of a country it has no rule for', async () => {
    expect((await check('KE', 'P051234567Q')).result).toBe('unverified');
  });
});

/** A local stand-in for the VIES REST API: answers as the test says, records what it was asked. */
function viesStandIn(answer: (body: { countryCode: string; vatNumber: string }, response: ServerResponse) => void) {
  const asked: Array<{ countryCode: string; vatNumber: string }> = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/rest-api/check-vat-number');
      const body = JSON.parse(text);
      asked.push(body);
      answer(body, response);
    });
  });
  return {
    asked,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest-api`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

describe('ViesTaxIdChecker against a local VIES stand-in', () => {
  it('asks VIES with the VAT prefix and keeps its request identifier as evidence', async () => {
    const vies = viesStandIn((body, response) =>
      json(response, 200, { countryCode: body.countryCode, vatNumber: body.vatNumber, valid: body.vatNumber !== '136695976', requestIdentifier: 'WAPIAAAAY' }),
    );
    const checker = new ViesTaxIdChecker(await vies.start(), offline);
    try {
      expect(await checker.check({ country: 'GR', taxId: 'EL 094 259 216', postalCode: null })).toEqual({ result: 'valid', service: 'vies', reference: 'WAPIAAAAY' });
      expect(vies.asked[0]).toEqual({ countryCode: 'EL', vatNumber: '094259216' });
      // Well formed but no longer registered: VIES says no.
      expect((await checker.check({ country: 'DE', taxId: 'DE136695976', postalCode: null })).result).toBe('invalid');
      // Malformed: refused offline, VIES is not asked.
      const before = vies.asked.length;
      expect((await checker.check({ country: 'DE', taxId: 'DE1', postalCode: null })).result).toBe('invalid');
      expect(vies.asked).toHaveLength(before);
      // Not an EU number: the offline rules answer.
      expect(await checker.check({ country: 'AU', taxId: '51824753556', postalCode: null })).toEqual({ result: 'valid', service: 'offline', reference: null });
    } finally {
      await vies.stop();
    }
  });

  it.each([
    ['a member state is down', (_: unknown, response: ServerResponse) => json(response, 200, { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] })],
    ['VIES fails', (_: unknown, response: ServerResponse) => json(response, 500, { error: 'boom' })],
    ['VIES is too slow', (_: unknown, response: ServerResponse) => setTimeout(() => json(response, 200, { valid: true }), 1500)],
    ['the answer is not JSON', (_: unknown, response: ServerResponse) => response.end('<html>')],
  ])('answers unverified, not invalid, when %s', async (_name, answer) => {
    const vies = viesStandIn(answer);
    const checker = new ViesTaxIdChecker(await vies.start(), offline, 300);
    try {
      expect(await checker.check({ country: 'DE', taxId: 'DE136695976', postalCode: null })).toEqual({ result: 'unverified', service: 'vies', reference: null });
    } finally {
      await vies.stop();
    }
  });

  it('answers unverified when VIES cannot be reached at all', async () => {
    const checker = new ViesTaxIdChecker('http://127.0.0.1:9/rest-api', offline, 500);
    expect((await checker.check({ country: 'FR', taxId: 'FR40303265045', postalCode: null })).result).toBe('unverified');
  });
});
