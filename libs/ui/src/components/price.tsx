import { formatMoney, money, priceDisplay, taxLabel, type MoneyJson } from '@store/domain';

export interface PriceProps {
  readonly current: MoneyJson;
  readonly original: MoneyJson;
  readonly taxInclusive: boolean;
  readonly locale: string;
  /** Show the 'incl. tax' / 'excl. tax' label. */
  readonly withTaxLabel?: boolean;
}

const toMoney = (value: MoneyJson) => money(value.amount_minor, value.currency);

/** A product price: 'Free' or the amount, with the original struck through when it was more. */
export function Price({ current, original, taxInclusive, locale, withTaxLabel = true }: PriceProps) {
  const display = priceDisplay({ current: toMoney(current), original: toMoney(original) });
  return (
    <span className="price">
      {display.showOriginalStruck && (
        <s className="price__original">
          <span className="visually-hidden">Was </span>
          {formatMoney(toMoney(original), locale)}
        </s>
      )}{' '}
      <span className="price__current">
        {display.showOriginalStruck && <span className="visually-hidden">now </span>}
        {display.isFree ? 'Free' : formatMoney(toMoney(current), locale)}
      </span>
      {withTaxLabel && !display.isFree && <span className="price__tax"> {taxLabel(taxInclusive)}</span>}
    </span>
  );
}

export function Amount({ value, locale }: { readonly value: MoneyJson; readonly locale: string }) {
  return <>{formatMoney(toMoney(value), locale)}</>;
}
