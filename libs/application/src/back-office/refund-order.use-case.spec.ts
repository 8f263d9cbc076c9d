import { withTheirBonusLines } from './refund-order.use-case';

const line = (suiteReference: string, isBonus: boolean) => ({ suiteReference, isBonus }) as never;

describe('withTheirBonusLines', () => {
  const order = { lines: [line('photo-2', false), line('photo-2', true), line('designer-2', false), line('designer-2', true), line('brush', false)] };

  it("takes a refunded product's free companions with it, and no other suite's", () => {
    expect(withTheirBonusLines(order, [0], [])).toEqual([0, 1]);
    expect(withTheirBonusLines(order, [4, 2], [])).toEqual([2, 3, 4]);
  });

  it('leaves out companions refunded already, and adds none for a bonus line asked for alone', () => {
    expect(withTheirBonusLines(order, [2], [3])).toEqual([2]);
    expect(withTheirBonusLines(order, [1], [])).toEqual([1]);
  });
});
