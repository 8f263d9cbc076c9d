import type { BasketChangeJson, BasketJson, BasketLineJson, ProductJson } from '@store/domain';
import { BasketEditQueue, type BasketEdit, type SendEdit } from './basket-edit-queue';

const gbp = (amount_minor: number) => ({ amount_minor, currency: 'GBP' });

function product(synonym: string, price: number): ProductJson {
  return { reference: `p-${synonym}`, choice: { name: synonym, synonym }, price_current: gbp(price) } as unknown as ProductJson;
}

function line(reference: string, quantity: number): BasketLineJson {
  return {
    reference,
    quantity,
    quantity_locked: false,
    quantity_minimum: 1,
    quantity_maximum: 100,
    product_suite_reference: 'suite',
    name: 'Suite',
    is_multi_user: false,
    show_choice: true,
    active_product_choice: 'macos',
    product_choices: [
      { choice: { name: 'macOS', synonym: 'macos' }, product: product('macos', 1000), legacy_product: false },
      { choice: { name: 'iPad', synonym: 'ipados' }, product: product('ipados', 300), legacy_product: false },
    ],
    products_included: [],
    total: gbp(1000 * quantity),
    discount: gbp(0),
  } as BasketLineJson;
}

function basket(hash: string, lines: readonly BasketLineJson[]): BasketJson {
  return {
    reference: 'b1',
    stale_hash: hash,
    lines,
    pricing: { applied_discount: null, total_with_discount_applied: null },
  } as unknown as BasketJson;
}

/** A fake server that answers each edit when the test says so, applying it to its own basket. */
function server(start: BasketJson) {
  let current = start;
  let version = 0;
  const calls: Array<{ edit: BasketEdit; staleHash: string; answer: (error?: Error & { code?: number }) => void }> = [];
  const send: SendEdit = (edit, { staleHash }) =>
    new Promise<BasketChangeJson>((resolve, reject) => {
      calls.push({
        edit,
        staleHash,
        answer: (error) => {
          if (error) return reject(error);
          version += 1;
          const lines =
            edit.action === 'CHANGE_QUANTITY'
              ? current.lines.map((l) => (l.reference === edit.lineReference ? line(l.reference, edit.quantity) : l))
              : edit.action === 'REMOVE_LINE'
                ? current.lines.filter((l) => l.reference !== edit.lineReference)
                : current.lines;
          current = basket(`h${version}`, lines);
          resolve({ basket: current, stale_hash: current.stale_hash } as BasketChangeJson);
        },
      });
    });
  return { send, calls };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function listener() {
  const displays: Array<{ quantities: number[]; pending: boolean }> = [];
  const failures: unknown[] = [];
  return {
    displays,
    failures,
    display: (b: BasketJson, pending: boolean) => displays.push({ quantities: b.lines.map((l) => l.quantity), pending }),
    saved: () => undefined,
    failed: (error: unknown) => failures.push(error),
  };
}

describe('BasketEditQueue', () => {
  it('shows an edit at once, sends one at a time with the latest stale hash and replaces queued edits of the same line', async () => {
    const fake = server(basket('h0', [line('l1', 1)]));
    const events = listener();
    const queue = new BasketEditQueue(basket('h0', [line('l1', 1)]), fake.send, events);
    const two = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 2 });
    const three = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 3 });
    const four = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 4 });
    expect(queue.view().lines[0].quantity).toBe(4);
    expect(queue.view().lines[0].total.amount_minor).toBe(4000);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0].staleHash).toBe('h0');
    expect(await three).toEqual({ status: 'replaced' });

    expect(events.displays.map((d) => d.quantities[0])).toEqual([2, 3, 4]);
    fake.calls[0].answer();
    expect((await two).status).toBe('saved');
    await flush();
    // The answer for 2 did not bring the display back to 2 while 4 was still to be sent.
    expect(events.displays.slice(3).map((d) => d.quantities[0])).not.toContain(2);
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]).toMatchObject({ edit: { quantity: 4 }, staleHash: 'h1' });
    fake.calls[1].answer();
    expect((await four).status).toBe('saved');
    expect(events.displays.at(-1)).toEqual({ quantities: [4], pending: false });
  });

  it('rolls a refused edit back and keeps the edits queued behind it', async () => {
    const fake = server(basket('h0', [line('l1', 1), line('l2', 1)]));
    const events = listener();
    const queue = new BasketEditQueue(basket('h0', [line('l1', 1), line('l2', 1)]), fake.send, events);
    const refused = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 500 });
    const other = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l2', quantity: 3 });
    expect(queue.view().lines.map((l) => l.quantity)).toEqual([500, 3]);
    fake.calls[0].answer(Object.assign(new Error('max'), { code: 200002 }));
    expect((await refused).status).toBe('failed');
    expect(events.failures).toHaveLength(1);
    expect(queue.view().lines.map((l) => l.quantity)).toEqual([1, 3]);
    await flush();
    fake.calls[1].answer();
    expect((await other).status).toBe('saved');
    expect(queue.view().lines.map((l) => l.quantity)).toEqual([1, 3]);
  });

  it('drops everything queued when the basket moved on elsewhere', async () => {
    const fake = server(basket('h0', [line('l1', 1)]));
    const queue = new BasketEditQueue(basket('h0', [line('l1', 1)]), fake.send, listener());
    const first = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 2 });
    const second = queue.submit({ action: 'CHANGE_CHOICE', lineReference: 'l1', choice: 'ipados' });
    expect(queue.view().lines[0]).toMatchObject({ active_product_choice: 'ipados', total: { amount_minor: 600 } });
    fake.calls[0].answer(Object.assign(new Error('stale'), { code: 200001 }));
    expect((await first).status).toBe('failed');
    expect((await second).status).toBe('failed');
    expect(fake.calls).toHaveLength(1);
    expect(queue.view().lines[0]).toMatchObject({ quantity: 1, active_product_choice: 'macos' });
    expect(queue.busy).toBe(false);
  });

  it('drops queued changes of a line the shopper then removes, and takes a refetched basket only when idle', async () => {
    const fake = server(basket('h0', [line('l1', 1), line('l2', 1)]));
    const queue = new BasketEditQueue(basket('h0', [line('l1', 1), line('l2', 1)]), fake.send, listener());
    void queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l2', quantity: 9 });
    const change = queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 5 });
    void queue.submit({ action: 'REMOVE_LINE', lineReference: 'l1' });
    expect(await change).toEqual({ status: 'replaced' });
    queue.replace(basket('other', []));
    expect(queue.view().lines.map((l) => l.reference)).toEqual(['l2']);
    fake.calls[0].answer();
    await flush();
    fake.calls[1].answer();
    await flush();
    expect(fake.calls.map((call) => call.edit.action)).toEqual(['CHANGE_QUANTITY', 'REMOVE_LINE']);
    expect(queue.busy).toBe(false);
    queue.replace(basket('h9', [line('l2', 7)]));
    expect(queue.view().lines[0].quantity).toBe(7);
  });

  it('will not be wound back to a basket it has already moved past (a render that has not caught up with a save)', async () => {
    const start = basket('h0', [line('l1', 5)]);
    const fake = server(start);
    const queue = new BasketEditQueue(start, fake.send, listener());
    void queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 6 });
    fake.calls[0].answer();
    await flush();
    expect(queue.busy).toBe(false);
    // The caller still holds the basket from before the save and offers it with the next edit.
    queue.replace(start);
    void queue.submit({ action: 'CHANGE_QUANTITY', lineReference: 'l1', quantity: 7 });
    expect(fake.calls[1].staleHash).toBe('h1');
    fake.calls[1].answer();
    await flush();
    expect(queue.view().lines[0].quantity).toBe(7);
  });
});
