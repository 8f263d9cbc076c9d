import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SatisfiesRule } from './domain-rule.decorator';

const shortEnough = (value: string) => (value.length > 5 ? 'Field must contain no more than 5 characters' : null);
const matchesOther = (value: string, form?: { other?: string }) => (value === form?.other ? null : 'Field must match');

class Probe {
  @SatisfiesRule(shortEnough)
  name!: string;

  @SatisfiesRule(matchesOther)
  copy!: string;

  other!: string;
}

describe('SatisfiesRule', () => {
  it('passes what the domain rule passes', () => {
    expect(validateSync(plainToInstance(Probe, { name: 'abc', copy: 'x', other: 'x' }))).toEqual([]);
  });

  it("fails with the domain rule's own message, seeing the whole object", () => {
    const errors = validateSync(plainToInstance(Probe, { name: 'abcdefgh', copy: 'x', other: 'y' }));
    expect(Object.fromEntries(errors.map((error) => [error.property, Object.values(error.constraints ?? {})]))).toEqual({
      name: ['Field must contain no more than 5 characters'],
      copy: ['Field must match'],
    });
  });
});
