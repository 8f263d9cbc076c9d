import { validateWith } from './form-rules';

const required = (value: string) => (value.trim() === '' ? 'Name is required' : null);
const short = (value: string) => (value.length > 3 ? 'Field must contain no more than 3 characters' : null);
const sameAs = (value: string, form?: { other: string }) => (value === form?.other ? null : 'Field must match');

describe('validateWith', () => {
  it('answers true when every rule passes and the first failing message otherwise', () => {
    const validate = validateWith(required, short);
    expect(validate('abc', {})).toBe(true);
    expect(validate('', {})).toBe('Name is required');
    expect(validate('abcd', {})).toBe('Field must contain no more than 3 characters');
  });

  it('hands the whole form to rules that compare fields', () => {
    const validate = validateWith(sameAs);
    expect(validate('x', { other: 'x' })).toBe(true);
    expect(validate('x', { other: 'y' })).toBe('Field must match');
  });
});
