import { cardExpired } from './card-expiry';

describe('cardExpired', () => {
  it('keeps a card good through the last day of its expiry month', () => {
    expect(cardExpired(11, 2026, new Date('2026-11-30T23:59:59Z'))).toBe(false);
    expect(cardExpired(11, 2026, new Date('2026-12-01T11:59:59Z'))).toBe(false);
  });

  it('calls it expired once the month is over everywhere', () => {
    expect(cardExpired(11, 2026, new Date('2026-12-01T12:00:00Z'))).toBe(true);
    expect(cardExpired(1, 2020, new Date('2026-11-23T00:00:00Z'))).toBe(true);
  });

  it('rolls December into January of the next year', () => {
    expect(cardExpired(12, 2026, new Date('2026-12-31T23:00:00Z'))).toBe(false);
    expect(cardExpired(12, 2026, new Date('2027-01-02T00:00:00Z'))).toBe(true);
  });
});
