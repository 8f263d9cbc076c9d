import type braintree from 'braintree';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accountFromEnvironment } from '../account';
import { parseArguments } from '../cli';
import { DEFAULT_CONFIG, type RunningBraintreeSandbox } from '../index';
import { gatewayFor } from '../sdk-client';
import { startFromCommandLine, useTemporaryDirectory } from './suite';
import { CONTRACT_TIMEOUT_MS, describeSandboxOnly, futureExpiry } from './target';
import { request, verificationGateway, verificationOf } from './vault-helpers';

/**
 * The account's fraud settings, as a real account's control panel sets them (ours: the provider
 * sets them in its control panel, so these run on the local sandbox only): the AVS and CVV rules
 * (Settings > Processing > Basic Credit Card Fraud Tools) and whether the fraud tools that turn
 * away the documented fraud and risk-threshold test cards are on, from flags, the environment,
 * the state file and the defaults, in that order.
 */

jest.setTimeout(CONTRACT_TIMEOUT_MS);

async function withSandbox(argv: readonly string[], environment: Record<string, string>, run: (gateway: braintree.BraintreeGateway, sandbox: RunningBraintreeSandbox) => Promise<void>): Promise<void> {
  const sandbox = await startFromCommandLine(argv, environment);
  try {
    await run(gatewayFor(sandbox), sandbox);
  } finally {
    await sandbox.close();
  }
}

const expirationDate = futureExpiry().date;
const cardSale = (gateway: braintree.BraintreeGateway, card: { number: string; cvv?: string }, billing?: braintree.TransactionRequest['billing']) =>
  gateway.transaction.sale({ amount: '10.00', creditCard: { expirationDate, ...card }, ...(billing ? { billing } : {}) });
const verify = async (gateway: braintree.BraintreeGateway, card: Record<string, unknown>) => {
  const result = await verificationGateway(gateway).create({ creditCard: { expirationDate, ...card } });
  return { success: result.success, verification: verificationOf(result) };
};

const directory = useTemporaryDirectory('sandbox-rules-');

describeSandboxOnly('the fraud tools', () => {
  it('on (the default): the fraud and risk-threshold cards and nonces are gateway rejected, on sales and verifications', async () => {
    await withSandbox([], {}, async (gateway, sandbox) => {
      expect(sandbox.config.fraudTools).toBe(true);
      expect((await cardSale(gateway, { number: '4000111111111511' })).transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' });
      expect((await cardSale(gateway, { number: '4111130000000003' })).transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'risk_threshold' });
      expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: 'fake-gateway-rejected-fraud-nonce' })).transaction.gatewayRejectionReason).toBe('fraud');
      const { success, verification } = await verify(gateway, { number: '4000111111111511' });
      expect(success).toBe(false);
      expect(verification).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' });
    });
  });

  it('off: the fraud card is authorized and verified, the risk-threshold card and both nonces authorized', async () => {
    await withSandbox(['--fraud-tools', 'off'], {}, async (gateway, sandbox) => {
      expect(sandbox.config.fraudTools).toBe(false);
      const fraud = await cardSale(gateway, { number: '4000111111111511' });
      expect(fraud.success).toBe(true);
      expect(fraud.transaction).toMatchObject({ status: 'authorized', processorResponseCode: '1000', gatewayRejectionReason: null });
      expect((await cardSale(gateway, { number: '4111130000000003' })).transaction.status).toBe('authorized');
      for (const nonce of ['fake-gateway-rejected-fraud-nonce', 'fake-gateway-rejected-risk-thresholds-nonce']) {
        expect((await gateway.transaction.sale({ amount: '10.00', paymentMethodNonce: nonce })).transaction.status).toBe('authorized');
      }
      // The amount still decides, as for any card.
      expect((await gateway.transaction.sale({ amount: '2001.00', creditCard: { number: '4000111111111511', expirationDate } })).transaction).toMatchObject({ status: 'processor_declined', processorResponseCode: '2001' });
      const { success, verification } = await verify(gateway, { number: '4000111111111511' });
      expect(success).toBe(true);
      expect(verification).toMatchObject({ status: 'verified', processorResponseCode: '1000', gatewayRejectionReason: null });
      // Saving the card with verifyCard goes through too.
      const customer = await gateway.customer.create(request<braintree.CustomerCreateRequest>({ creditCard: { number: '4000111111111511', expirationDate, options: { verifyCard: true } } }));
      expect(customer.success).toBe(true);
      // The other unsuccessful-verification cards are the processor's answer, not a fraud tool.
      expect((await verify(gateway, { number: '4000111111111115' })).verification).toMatchObject({ status: 'processor_declined', processorResponseCode: '2000' });
    });
  });

  it('is read from BRAINTREE_SANDBOX_FRAUD_TOOLS, and refused when neither on nor off', async () => {
    await withSandbox([], { BRAINTREE_SANDBOX_FRAUD_TOOLS: 'OFF' }, async (gateway) => {
      expect((await cardSale(gateway, { number: '4000111111111511' })).transaction.status).toBe('authorized');
    });
    expect(() => accountFromEnvironment({ BRAINTREE_SANDBOX_FRAUD_TOOLS: 'maybe' })).toThrow('BRAINTREE_SANDBOX_FRAUD_TOOLS needs on or off, not "maybe"');
    expect(() => parseArguments(['--fraud-tools', 'yes'])).toThrow('--fraud-tools needs on or off, not "yes"');
    expect(() => parseArguments(['--fraud-tools'])).toThrow('--fraud-tools needs on or off');
  });
});

describeSandboxOnly('the AVS and CVV rules', () => {
  it('default: CVV 200, postal code 20000 and street address 200 are rejected (N); U and S pass', async () => {
    await withSandbox([], {}, async (gateway) => {
      expect((await cardSale(gateway, { number: '4111111111111111', cvv: '200' })).transaction).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'cvv', cvvResponseCode: 'N' });
      expect((await cardSale(gateway, { number: '4111111111111111', cvv: '201' })).transaction).toMatchObject({ status: 'authorized', cvvResponseCode: 'U' });
      expect((await cardSale(gateway, { number: '4111111111111111' }, { postalCode: '20001' })).transaction).toMatchObject({ status: 'authorized', avsPostalCodeResponseCode: 'U' });
    });
  });

  it('with cvvRejectOn empty (an empty flag), CVV 200 is authorized with cvvResponseCode N, and verified', async () => {
    await withSandbox(['--cvv-reject-on', ''], {}, async (gateway, sandbox) => {
      expect(sandbox.config).toMatchObject({ cvvRejectOn: [], avsPostalCodeRejectOn: ['N'], avsStreetAddressRejectOn: ['N'] });
      const sold = await cardSale(gateway, { number: '4111111111111111', cvv: '200' });
      expect(sold.success).toBe(true);
      expect(sold.transaction).toMatchObject({ status: 'authorized', cvvResponseCode: 'N' });
      expect((await verify(gateway, { number: '4111111111111111', cvv: '200' })).verification).toMatchObject({ status: 'verified', cvvResponseCode: 'N' });
      // The AVS rules are still the default ones.
      expect((await cardSale(gateway, { number: '4111111111111111', cvv: '200' }, { postalCode: '20000' })).transaction.gatewayRejectionReason).toBe('avs');
    });
  });

  it('rejects on the codes the flags name: postal code U, street address N and U, CVV S (`none` clears one)', async () => {
    await withSandbox(['--avs-postal-code-reject-on=u', '--avs-street-address-reject-on', 'N, U', '--cvv-reject-on', 'S'], {}, async (gateway, sandbox) => {
      expect(sandbox.config).toMatchObject({ cvvRejectOn: ['S'], avsPostalCodeRejectOn: ['U'], avsStreetAddressRejectOn: ['N', 'U'] });
      expect((await cardSale(gateway, { number: '4111111111111111' }, { postalCode: '20001' })).transaction).toMatchObject({ gatewayRejectionReason: 'avs', avsPostalCodeResponseCode: 'U' });
      expect((await cardSale(gateway, { number: '4111111111111111' }, { postalCode: '20000' })).transaction).toMatchObject({ status: 'authorized', avsPostalCodeResponseCode: 'N' });
      expect((await cardSale(gateway, { number: '4111111111111111' }, { streetAddress: '201 Main Street' })).transaction).toMatchObject({ gatewayRejectionReason: 'avs', avsStreetAddressResponseCode: 'U' });
      expect((await cardSale(gateway, { number: '4111111111111111', cvv: '301' })).transaction).toMatchObject({ gatewayRejectionReason: 'cvv', cvvResponseCode: 'S' });
      expect((await cardSale(gateway, { number: '4111111111111111', cvv: '200' })).transaction).toMatchObject({ status: 'authorized', cvvResponseCode: 'N' });
      const { verification } = await verify(gateway, { number: '4111111111111111', billingAddress: { postalCode: '20001' } });
      expect(verification).toMatchObject({ status: 'gateway_rejected', gatewayRejectionReason: 'avs', avsPostalCodeResponseCode: 'U' });
    });
    expect(parseArguments(['--avs-postal-code-reject-on', 'none']).account).toEqual({ avsPostalCodeRejectOn: [] });
  });

  it('reads BRAINTREE_SANDBOX_*_REJECT_ON; an empty variable counts as unset, `none` as no rule', () => {
    expect(accountFromEnvironment({ BRAINTREE_SANDBOX_CVV_REJECT_ON: 'N,U', BRAINTREE_SANDBOX_AVS_POSTAL_CODE_REJECT_ON: 'none', BRAINTREE_SANDBOX_AVS_STREET_ADDRESS_REJECT_ON: ' ' })).toEqual({
      cvvRejectOn: ['N', 'U'],
      avsPostalCodeRejectOn: [],
    });
  });
});

describeSandboxOnly('precedence: flags > environment > state file > defaults', () => {
  it('takes each rule from the highest source that sets it, and the state file keeps what was used', async () => {
    const stateFile = join(directory(), 'braintree.json');
    writeFileSync(stateFile, JSON.stringify({ account: { cvvRejectOn: ['U'], avsPostalCodeRejectOn: ['U'], avsStreetAddressRejectOn: ['U'], fraudTools: false } }));
    await withSandbox(
      ['--state-file', stateFile, '--cvv-reject-on', 'I'],
      { BRAINTREE_SANDBOX_CVV_REJECT_ON: 'S', BRAINTREE_SANDBOX_AVS_POSTAL_CODE_REJECT_ON: 'N' },
      async (gateway, sandbox) => {
        expect(sandbox.config).toMatchObject({ cvvRejectOn: ['I'], avsPostalCodeRejectOn: ['N'], avsStreetAddressRejectOn: ['U'], fraudTools: false, merchantId: DEFAULT_CONFIG.merchantId });
        // CVV: the flag's I rejects a sale without a code; the environment's S does not apply.
        expect((await cardSale(gateway, { number: '4111111111111111' })).transaction).toMatchObject({ gatewayRejectionReason: 'cvv', cvvResponseCode: 'I' });
        expect((await cardSale(gateway, { number: '4111111111111111', cvv: '301' })).transaction.status).toBe('authorized');
        // Fraud tools: the state file's off.
        expect((await cardSale(gateway, { number: '4000111111111511', cvv: '123' })).transaction.status).toBe('authorized');
      },
    );
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).account).toMatchObject({ cvvRejectOn: ['I'], avsPostalCodeRejectOn: ['N'], avsStreetAddressRejectOn: ['U'], fraudTools: false });

    // A restart without flags or variables has the same rules.
    await withSandbox(['--state-file', stateFile], {}, async (_gateway, sandbox) => {
      expect(sandbox.config).toMatchObject({ cvvRejectOn: ['I'], avsPostalCodeRejectOn: ['N'], avsStreetAddressRejectOn: ['U'], fraudTools: false });
    });
    // The flags beat the environment for the fraud tools too.
    await withSandbox(['--state-file', stateFile, '--fraud-tools', 'on'], { BRAINTREE_SANDBOX_FRAUD_TOOLS: 'off' }, async (_gateway, sandbox) => {
      expect(sandbox.config.fraudTools).toBe(true);
    });
  });

  it('gives an older state file without rules the defaults', async () => {
    const stateFile = join(directory(), 'braintree.json');
    writeFileSync(stateFile, JSON.stringify({ account: { merchantId: 'older', publicKey: 'p', privateKey: 's', merchantAccounts: { old_gbp: 'GBP' }, defaultMerchantAccountId: 'old_gbp' } }));
    await withSandbox(['--state-file', stateFile], {}, async (_gateway, sandbox) => {
      expect(sandbox.config).toMatchObject({ merchantId: 'older', cvvRejectOn: ['N'], avsPostalCodeRejectOn: ['N'], avsStreetAddressRejectOn: ['N'], fraudTools: true });
    });
  });
});

describeSandboxOnly('rules that are not valid', () => {
  it('refuses a code the provider does not report, naming the source', async () => {
    await expect(startFromCommandLine(['--cvv-reject-on', 'N,X'])).rejects.toThrow('the CVV rules name "X", not among the provider\'s response codes (M N U I S A B) (from the command line)');
    // E (an AVS system error) is an address answer only.
    await expect(startFromCommandLine(['--cvv-reject-on', 'E'])).rejects.toThrow('the CVV rules name "E"');
    await expect(startFromCommandLine([], { BRAINTREE_SANDBOX_AVS_STREET_ADDRESS_REJECT_ON: 'N,Z' })).rejects.toThrow('the AVS street address rules name "Z", not among the provider\'s response codes (M N U I S A B E) (from the environment)');
    await withSandbox(['--avs-postal-code-reject-on', 'E'], {}, async (_gateway, sandbox) => {
      expect(sandbox.config.avsPostalCodeRejectOn).toEqual(['E']);
    });
    expect(() => parseArguments(['--cvv-reject-on'])).toThrow('--cvv-reject-on needs response codes such as N,U');
  });

  it('refuses a hand-edited state file whose rules are not lists of codes, or whose fraud tools are not a switch', async () => {
    const stateFile = join(directory(), 'braintree.json');
    writeFileSync(stateFile, JSON.stringify({ account: { cvvRejectOn: 'N', fraudTools: 'yes' } }));
    const failure = startFromCommandLine(['--state-file', stateFile]);
    await expect(failure).rejects.toThrow(`the CVV rules must be a list of response codes (from the state file ${stateFile})`);
    await expect(startFromCommandLine(['--state-file', stateFile])).rejects.toThrow(`the fraud tools must be on or off (true or false) (from the state file ${stateFile})`);
  });

  it('refuses the rule flags with --provider digital-river', () => {
    expect(() => parseArguments(['--provider', 'digital-river', '--fraud-tools', 'off'])).toThrow('are for the braintree sandbox only');
  });
});
