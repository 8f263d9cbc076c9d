import { ErrorCatalogue, type RefundBody } from '@store/domain';
import { ApiError } from '../../lib/api-client';
import { mayHaveHappened, RefundConfirmation } from './refund-confirmation';

const refusal = (name: keyof typeof ErrorCatalogue, status: number) => new ApiError(ErrorCatalogue[name].code, ErrorCatalogue[name].message, status);

describe("the back office's refund confirmation (refund-confirmation.ts)", () => {
  const keys = () => {
    let n = 0;
    return () => `key-${(n += 1)}`;
  };

  it('sends the same key on a retry after a failure that may have refunded', async () => {
    const sent: RefundBody[] = [];
    const confirmation = new RefundConfirmation({ positions: [1], reason: 'Not wanted' }, 1999, keys());
    const failing = (body: RefundBody) => {
      sent.push(body);
      return Promise.reject(refusal('REFUND_PROVIDER_UNAVAILABLE', 503));
    };
    await expect(confirmation.send(failing)).rejects.toThrow('The payment provider did not answer');
    await expect(confirmation.send((body) => (sent.push(body), Promise.resolve('refunded')))).resolves.toBe('refunded');
    expect(sent.map((body) => body.request_key)).toEqual(['key-1', 'key-1']);
    expect(sent[1]).toEqual({ positions: [1], reason: 'Not wanted', request_key: 'key-1' });
  });

  it('makes a new key after a final refusal: the API keeps the refused attempt under the old one', async () => {
    const sent: string[] = [];
    const confirmation = new RefundConfirmation({ positions: [1], reason: 'x' }, 1999, keys());
    await expect(confirmation.send((body) => (sent.push(body.request_key), Promise.reject(refusal('REFUND_NOT_SETTLED', 409))))).rejects.toBeInstanceOf(ApiError);
    await confirmation.send((body) => (sent.push(body.request_key), Promise.resolve('ok')));
    expect(sent).toEqual(['key-1', 'key-2']);
  });

  it('tells a refund that may have happened from a final refusal', () => {
    expect(mayHaveHappened(new ApiError(0, 'We could not reach the store.', 0))).toBe(true);
    expect(mayHaveHappened(new ApiError(999, 'Something went wrong', 500))).toBe(true);
    expect(mayHaveHappened(new TypeError('Failed to fetch'))).toBe(true);
    expect(mayHaveHappened(refusal('REFUND_PROVIDER_UNAVAILABLE', 503))).toBe(true);
    expect(mayHaveHappened(refusal('REFUND_IN_PROGRESS', 409))).toBe(true);
    expect(mayHaveHappened(refusal('REFUND_NOT_SETTLED', 409))).toBe(false);
    expect(mayHaveHappened(refusal('REFUND_DECLINED', 402))).toBe(false);
    expect(mayHaveHappened(refusal('REFUND_LINES_ALREADY_REFUNDED', 409))).toBe(false);
    expect(mayHaveHappened(refusal('OPERATOR_ROLE_FORBIDDEN', 403))).toBe(false);
  });

  it('sends once for a double click: the second send joins the first', async () => {
    let calls = 0;
    let answer: (value: string) => void = () => undefined;
    const post = () => {
      calls += 1;
      return new Promise<string>((resolve) => (answer = resolve));
    };
    const confirmation = new RefundConfirmation({ positions: null, reason: 'x' }, 500, keys());
    const first = confirmation.send(post);
    const second = confirmation.send(post);
    answer('done');
    await expect(Promise.all([first, second])).resolves.toEqual(['done', 'done']);
    expect(calls).toBe(1);
  });

  it('makes a new key for each confirmation, with crypto.randomUUID by default', () => {
    const make = keys();
    expect(new RefundConfirmation({ positions: [1], reason: 'x' }, 1, make).body.request_key).toBe('key-1');
    expect(new RefundConfirmation({ positions: [1], reason: 'x' }, 1, make).body.request_key).toBe('key-2');
    const a = new RefundConfirmation({ positions: [1], reason: 'x' }, 1).body.request_key;
    const b = new RefundConfirmation({ positions: [1], reason: 'x' }, 1).body.request_key;
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
