import { parseConsentJson } from './consent.contract';

describe('the consent JSON read off the page', () => {
  it.each([
    [{ analytics: null, viewed: false }, { analytics: null, viewed: false }],
    [{ analytics: true, viewed: true }, { analytics: true, viewed: true }],
    [{ analytics: false, viewed: true }, { analytics: false, viewed: true }],
    // Anything but a boolean choice counts as no choice.
    [{ analytics: 'yes', viewed: true }, { analytics: null, viewed: true }],
    [{ viewed: false }, { analytics: null, viewed: false }],
  ])('reads %j as %j', (value, read) => {
    expect(parseConsentJson(value)).toEqual(read);
  });

  it.each([null, undefined, 'true', 1, [], { analytics: true }, { analytics: true, viewed: 'true' }])('is nothing for %j', (value) => {
    expect(parseConsentJson(value)).toBeNull();
  });

  it('keeps only the two fields', () => {
    expect(parseConsentJson({ analytics: true, viewed: true, admin: true })).toEqual({ analytics: true, viewed: true });
  });
});
