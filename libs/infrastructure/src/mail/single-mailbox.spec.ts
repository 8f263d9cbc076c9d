import fc from 'fast-check';
import { singleMailbox } from './single-mailbox';

const separators = fc.constantFrom(',', ', ', ';', '; ', ' ,', ' ');

describe('singleMailbox', () => {
  it('reads any one plain address as itself (property)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        expect(singleMailbox(address)).toBe(address);
        expect(singleMailbox(` ${address} `)).toBe(address);
      }),
      { examples: [["o'brien@example.ie"], ['first.last+tag@sub.example.co.uk']] },
    );
  });

  it('refuses any list of two or more addresses, however they are joined (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.emailAddress(), { minLength: 2, maxLength: 5 }), separators, (addresses, separator) => {
        expect(singleMailbox(addresses.join(separator))).toBeNull();
      }),
      { examples: [[['a@b.co', 'd@e.org'], ', '], [['a@b.co', 'd@e.org'], ';']] },
    );
  });

  it('refuses an address after words a mailer reads as a name or another recipient (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9._+-]{1,12}$/), fc.emailAddress(), separators, (word, address, separator) => {
        expect(singleMailbox(`${word}${separator}${address}`)).toBeNull();
      }),
      // The second: a word the parser kept inside the address (seed -2090076796).
      { examples: [['x', 'victim@example.org', ','], ['a', '!@a.aa', ' ']] },
    );
  });

  it.each(['"x" <v@e.org>', 'x <v@e.org>', '<v@e.org>', 'v@e.org (x)', 'group: a@b.co;', 'a@b.co,', '', '   '])('refuses %j', (text) => {
    expect(singleMailbox(text)).toBeNull();
  });
});
