import { displayedTotal, money, type BasketJson } from '@store/domain';
import { Amount, Price } from '@store/ui';
import { productStockNote } from '../../../lib/locale';

export function BasketSummary({ basket, locale }: { readonly basket: BasketJson; readonly locale: string }) {
  const total = displayedTotal({
    taxInclusive: basket.pricing.tax_inclusive,
    total: {
      net: money(basket.pricing.total.net.amount_minor, basket.pricing.total.net.currency),
      tax: money(basket.pricing.total.tax.amount_minor, basket.pricing.total.tax.currency),
      gross: money(basket.pricing.total.gross.amount_minor, basket.pricing.total.gross.currency),
      isZeroVat: basket.pricing.total.is_zero_vat,
    },
  });

  return (
    <div className="basket">
      <ul className="basket__lines" aria-label="Products in your basket">
        {basket.lines.map((line) => {
          const active = line.product_choices.find((option) => option.choice.synonym === line.active_product_choice);
          const product = active?.product;
          const note = product ? productStockNote(product, locale) : null;
          return (
            <li key={line.reference} className="basket-line" data-line={line.reference}>
              {product && <img className="basket-line__media" src={product.media.src} alt="" width={48} height={48} />}
              <div className="basket-line__details">
                <p className="basket-line__name">{line.name}</p>
                {line.show_choice && active && <p className="basket-line__choice">{active.choice.name}</p>}
                <p className="basket-line__quantity">
                  Quantity: <span data-testid="line-quantity">{line.quantity}</span>
                </p>
                {note && <p className="basket-line__stock">{note}</p>}
                {line.products_included.length > 0 && (
                  <ul className="basket-line__included" aria-label={`Included with ${line.name}`}>
                    {line.products_included.map((included) => (
                      <li key={included.reference}>
                        {included.name}{' '}
                        <Price
                          current={included.price_current}
                          original={included.price_original}
                          taxInclusive={included.tax_inclusive}
                          locale={locale}
                          withTaxLabel={false}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <p className="basket-line__price">
                {product && line.quantity === 1 ? (
                  <Price
                    current={product.price_current}
                    original={product.price_original}
                    taxInclusive={product.tax_inclusive}
                    locale={locale}
                  />
                ) : (
                  <Amount value={line.total} locale={locale} />
                )}
              </p>
            </li>
          );
        })}
      </ul>
      <p className="basket__total">
        <span>{total.label}</span>{' '}
        <strong data-testid="basket-total">
          <Amount value={{ amount_minor: total.amount.amountMinor, currency: total.amount.currency }} locale={locale} />
        </strong>
      </p>
    </div>
  );
}
