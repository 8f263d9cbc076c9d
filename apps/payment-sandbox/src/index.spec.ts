import { X509Certificate } from 'node:crypto';
import { request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { parseArguments } from './cli';
import { routedHosts, spkiSha256Base64, startBraintreeSandbox } from './index';

describe('startBraintreeSandbox with TLS', () => {
  it('serves the same routes over HTTPS under the routed hostnames, with the advertised SPKI hash', async () => {
    const sandbox = await startBraintreeSandbox({ tlsPort: 0 });
    try {
      expect(sandbox.tlsPort).toEqual(expect.any(Number));
      const certificate = sandbox.certificate;
      if (!certificate) throw new Error('no certificate');
      const names = new X509Certificate(certificate.cert).subjectAltName ?? '';
      for (const host of [...routedHosts, 'localhost']) expect(names).toContain(`DNS:${host}`);

      const { body, peerSpki } = await new Promise<{ body: string; peerSpki: string }>((resolve, reject) => {
        const outgoing = request(
          { host: '127.0.0.1', port: sandbox.tlsPort ?? 0, path: '/__sandbox/health', servername: 'api.sandbox.braintreegateway.com', ca: certificate.cert },
          (response) => {
            const peer = (response.socket as TLSSocket).getPeerX509Certificate();
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ body: text, peerSpki: peer ? spkiSha256Base64(peer.toString()) : '' }));
          },
        );
        outgoing.on('error', reject);
        outgoing.end();
      });
      expect(JSON.parse(body)).toEqual({ ok: true });
      expect(peerSpki).toBe(certificate.spkiSha256Base64);
    } finally {
      await sandbox.close();
    }
  });

  it('has no TLS listener unless asked', async () => {
    const sandbox = await startBraintreeSandbox();
    try {
      expect(sandbox).toMatchObject({ tlsPort: null, certificate: null, url: `http://127.0.0.1:${sandbox.port}` });
    } finally {
      await sandbox.close();
    }
  });
});

describe('the command line', () => {
  it('reads ports and the state file', () => {
    expect(parseArguments([])).toEqual({ port: 0, tlsPort: null, stateFile: null });
    expect(parseArguments(['--port', '4010', '--tls-port=8443', '--state-file', '.data/bt.json'])).toEqual({ port: 4010, tlsPort: 8443, stateFile: '.data/bt.json' });
    expect(() => parseArguments(['--port', 'x'])).toThrow('--port needs a port number');
    expect(() => parseArguments(['--verbose'])).toThrow('unknown argument --verbose');
  });

  it('takes the store\'s webhook URL, for the card sandbox only', () => {
    expect(parseArguments(['--webhook-url', 'http://127.0.0.1:3000/webhooks/braintree/'])).toEqual({ port: 0, tlsPort: null, stateFile: null, webhookUrl: 'http://127.0.0.1:3000/webhooks/braintree/' });
    expect(() => parseArguments(['--webhook-url', 'ftp://x'])).toThrow('--webhook-url needs an http(s) URL');
    expect(() => parseArguments(['--provider', 'digital-river', '--webhook-url', 'http://x/'])).toThrow('--webhook-url is for the braintree sandbox only');
  });

  it('takes the card sandbox\'s account: merchant id, keys, merchant accounts and the default one', () => {
    expect(parseArguments(['--merchant-id', 'm1', '--public-key=pk', '--private-key', 'sk', '--merchant-account', 'a=GBP', '--merchant-account=b=EUR', '--default-merchant-account', 'b'])).toEqual({
      port: 0,
      tlsPort: null,
      stateFile: null,
      account: { merchantId: 'm1', publicKey: 'pk', privateKey: 'sk', merchantAccounts: { a: 'GBP', b: 'EUR' }, defaultMerchantAccountId: 'b' },
    });
    expect(() => parseArguments(['--private-key'])).toThrow('--private-key needs a value');
    expect(() => parseArguments(['--merchant-account'])).toThrow('--merchant-account needs ID=CURRENCY');
    expect(() => parseArguments(['--provider', 'digital-river', '--merchant-account', 'a=GBP'])).toThrow('are for the braintree sandbox only');
  });

  it('takes the automatic bank debit settlement delay, for the card sandbox only', () => {
    expect(parseArguments(['--bank-debit-settle-after-ms=60000'])).toEqual({ port: 0, tlsPort: null, stateFile: null, bankDebitSettleAfterMs: 60000 });
    expect(() => parseArguments(['--bank-debit-settle-after-ms', '0'])).toThrow('--bank-debit-settle-after-ms needs a whole number of milliseconds');
    expect(() => parseArguments(['--provider', 'digital-river', '--bank-debit-settle-after-ms', '5'])).toThrow('--bank-debit-settle-after-ms is for the braintree sandbox only');
  });
});
