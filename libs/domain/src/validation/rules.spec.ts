import { Messages } from './messages';
import { firstError, validateForm } from './rule';
import {
  atLeastOne,
  checked,
  differsFrom,
  email,
  fileExtension,
  fileType,
  maxFileSize,
  maxLength,
  maxValue,
  minLength,
  minValue,
  noInvalidChars,
  numbersOnly,
  required,
  sameAs,
  validVoucherCode,
  vatIdCharacters,
} from './rules';

describe('generic rules', () => {
  it('required refuses empty, blank, null and empty lists', () => {
    const rule = required('City');
    for (const value of ['', '   ', null, undefined, []]) expect(rule(value)).toBe('City is required');
    for (const value of ['x', 0, false, ['a']]) expect(rule(value)).toBeNull();
    expect(required('Email', 'Enter your email address')('')).toBe('Enter your email address');
  });

  it('length rules count characters, not UTF-16 units, and let empty pass', () => {
    expect(minLength(6)('abc')).toBe('Field must contain at least 6 characters');
    expect(minLength(6)('')).toBeNull();
    expect(minLength(2)('😀😀')).toBeNull();
    expect(maxLength(3)('abcd')).toBe('Field must contain no more than 3 characters');
    expect(maxLength(2)('😀😀')).toBeNull();
    expect(maxLength(3)(null)).toBeNull();
  });

  it('compares with other fields', () => {
    const confirm = sameAs<{ password: string }>((form) => form.password);
    expect(confirm('secret', { password: 'secret' })).toBeNull();
    expect(confirm('secret', { password: 'other' })).toBe('Field must match');
    expect(confirm('secret')).toBe('Field must match');
    const changed = differsFrom<{ current: string }>((form) => form.current);
    expect(changed('a', { current: 'a' })).toBe('The new value matches the previous one');
    expect(changed('b', { current: 'a' })).toBeNull();
    expect(changed('', { current: '' })).toBeNull();
  });

  it.each(['jo@example.com', 'first.last+tag@sub.example.co.uk', ' jo@example.com ', ''])('accepts the address "%s"', (value) => {
    expect(email()(value)).toBeNull();
  });

  it.each(['jo', 'jo@', '@example.com', 'jo@example', 'jo@@example.com', 'jo @example.com', 'jo@example..com'])('refuses "%s"', (value) => {
    expect(email()(value)).toBe(Messages.email);
  });

  it.each(['x,victim@example.org', 'a@b.co, d@e.org', '"x" <v@e.org>', 'a@b.co;d@e.org', 'x <v@e.org>', 'v@e.org (x)', '"a,b"@e.org', 'x;v@e.org'])(
    'refuses "%s", which a mailer could read as another mailbox or a name',
    (value) => {
    expect(email()(value)).toBe(Messages.email);
  });

  it('checks values, ticks, lists, vouchers and card numbers', () => {
    expect(minValue(1)(0)).toBe('Enter a value greater than 1');
    expect(minValue(1)('')).toBeNull();
    expect(minValue(1)(1)).toBeNull();
    expect(maxValue(100)(101)).toBe('Enter a value less than 100');
    expect(maxValue(100)(100)).toBeNull();
    expect(checked()(false)).toBe(Messages.checked);
    expect(checked('custom')(undefined)).toBe('custom');
    expect(checked()(true)).toBeNull();
    expect(atLeastOne([])).toBe('Select at least one');
    expect(atLeastOne('a')).toBe('Select at least one');
    expect(atLeastOne(['a'])).toBeNull();
    expect(validVoucherCode('SPRING-2027')).toBeNull();
    expect(validVoucherCode('')).toBeNull();
    expect(validVoucherCode('ab')).toBe(Messages.validVoucherCode);
    expect(validVoucherCode('-ABCD')).toBe(Messages.validVoucherCode);
    expect(validVoucherCode('AB CD')).toBe(Messages.validVoucherCode);
    expect(numbersOnly('4111 1111 1111 1111')).toBeNull();
    expect(numbersOnly('411111111111111')).toBe(Messages.numbersOnly);
    expect(numbersOnly('4111x11111111111')).toBe(Messages.numbersOnly);
  });

  it('accepts tax IDs of letters, digits, dots and hyphens only', () => {
    expect(vatIdCharacters('GB123456789')).toBeNull();
    expect(vatIdCharacters('12.345.678-9')).toBeNull();
    expect(vatIdCharacters('')).toBeNull();
    expect(vatIdCharacters('GB 123')).toBe('The Tax ID you have entered is not valid');
    expect(vatIdCharacters('GB/123')).toBe('The Tax ID you have entered is not valid');
  });

  it('blacklists characters and, when asked, the double hyphen', () => {
    const rule = noInvalidChars({ characters: '<>', doubleHyphen: true });
    expect(rule('a<b')).toBe(Messages.noInvalidChars);
    expect(rule('a--b')).toBe(Messages.noInvalidChars);
    expect(rule('a-b')).toBeNull();
    expect(noInvalidChars({ characters: '<', doubleHyphen: false })('a--b')).toBeNull();
  });

  it('checks file types and sizes without the DOM', () => {
    expect(fileExtension('scan.PDF')).toBe('pdf');
    expect(fileExtension('archive.tar.gz')).toBe('gz');
    expect(fileExtension('noextension')).toBe('');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
    const types = fileType(['pdf', 'png']);
    expect(types({ name: 'a.png', size: 1 })).toBeNull();
    expect(types({ name: 'a.gif', size: 1 })).toBe('File type is not supported');
    expect(types(null)).toBeNull();
    const size = maxFileSize(10, 'too big');
    expect(size({ name: 'a', size: 10 })).toBeNull();
    expect(size({ name: 'a', size: 11 })).toBe('too big');
    expect(size(undefined)).toBeNull();
  });

  it('reports the first failing rule and the failing fields of a form', () => {
    expect(firstError('', [required('X'), minLength(3)])).toBe('X is required');
    expect(firstError('abcd', [required('X'), minLength(3)])).toBeNull();
    const errors = validateForm({ a: '', b: 'ok', c: 'x' }, { a: [required('A')], b: [required('B')], c: [minLength(2)] });
    expect(errors).toEqual({ a: 'A is required', c: 'Field must contain at least 2 characters' });
  });
});
