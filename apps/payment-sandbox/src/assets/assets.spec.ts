import { clientApiRoutes } from '../client-api';
import { startServer, type RunningSandbox } from '../server';
import { assetRoutes } from '.';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startServer({ routes: [clientApiRoutes, assetRoutes] });
});
afterAll(() => sandbox.close());

const get = (path: string, init?: RequestInit) => fetch(`${sandbox.url}${path}`, init);

describe('the Hosted Fields frame page', () => {
  it.each(['/web/3.124.0/html/hosted-fields-frame.min.html', '/web/3.144.0/html/hosted-fields-frame.html'])('serves %s with our bundle and no inline script', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<script src="/__sandbox/hosted-fields-frame.js" defer></script>');
    expect(html).toMatch(/Ours, not the provider's/);
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});

describe('the 3-D Secure challenge page', () => {
  it('shows the amount and the three answers for a known transaction', async () => {
    sandbox.context.store.state.challenges.t1 = { transactionId: 't1', nonce: 'n1', amount: '42.00', succeeds: true, result: null };
    const html = await (await get('/__sandbox/3ds/challenge?transaction=t1')).text();
    expect(html).toContain('Sandbox 3-D Secure challenge');
    expect(html).toContain('<strong>42.00</strong>');
    for (const name of ['Complete authentication', 'Fail authentication', 'Cancel']) expect(html).toContain(`>${name}</button>`);
  });

  it('answers 404 for an unknown transaction and 400 for an unknown action', async () => {
    expect((await get('/__sandbox/3ds/challenge?transaction=nope')).status).toBe(404);
    sandbox.context.store.state.challenges.t2 = { transactionId: 't2', nonce: 'n2', amount: '1.00', succeeds: true, result: null };
    const response = await get('/__sandbox/3ds/challenges/t2', { method: 'POST', body: JSON.stringify({ action: 'shrug' }) });
    expect(response.status).toBe(400);
  });
});

describe('the fraud and analytics endpoints', () => {
  it('serves an empty fraud script and accepts analytics with CORS', async () => {
    const script = await get('/da/r/fb.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    const logger = await get('/xoplatform/logger/api/logger', { method: 'POST', headers: { Origin: 'https://merchant.test' }, body: '{}' });
    expect(logger.status).toBe(200);
    expect(logger.headers.get('access-control-allow-origin')).toBe('https://merchant.test');
  });
});
