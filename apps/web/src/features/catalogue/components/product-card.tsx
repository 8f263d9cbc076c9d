import type { ProductSuiteJson } from '@store/domain';
import { Button, Price } from '@store/ui';
import { useId, useState } from 'react';
import { productStockNote } from '../../../lib/locale';
import { useAddBasketLine } from '../../basket';

export interface ProductCardProps {
  readonly suite: ProductSuiteJson;
  readonly locale: string;
  readonly canonicalLocale: string;
  readonly onAdded: (message: string) => void;
}

export function ProductCard({ suite, locale, canonicalLocale, onAdded }: ProductCardProps) {
  const [choice, setChoice] = useState(suite.products[0]?.choice.synonym ?? '');
  const product = suite.products.find((candidate) => candidate.choice.synonym === choice) ?? suite.products[0];
  const addLine = useAddBasketLine();
  const titleId = useId();
  if (!product) return null;
  const note = productStockNote(product, canonicalLocale);

  const add = () =>
    addLine.mutate(
      { product_suite_reference: suite.reference, choice: product.choice.synonym, locale },
      { onSuccess: () => onAdded(`${product.name} added to your basket`) },
    );

  return (
    <article className="product-card" aria-labelledby={titleId} data-suite={suite.reference}>
      <img className="product-card__media" src={product.media.src} alt="" width={72} height={72} />
      <div className="product-card__body">
        <h2 id={titleId} className="product-card__title">
          {suite.name}
        </h2>
        <p className="product-card__description">{suite.description}</p>
        {suite.is_multi_user && (
          <p className="product-card__meta">
            For {suite.quantity_minimum} to {suite.quantity_maximum} users, priced per user
          </p>
        )}
        {suite.products_included.length > 0 && (
          <p className="product-card__meta">Includes {suite.products_included.map((included) => included.name).join(' and ')}</p>
        )}
        {note && <p className="product-card__stock">{note}</p>}
        {suite.show_choice && (
          <label className="field field--inline">
            <span className="field__label">Platform</span>
            <select value={choice} onChange={(event) => setChoice(event.target.value)}>
              {suite.products.map((option) => (
                <option key={option.reference} value={option.choice.synonym}>
                  {option.choice.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <div className="product-card__buy">
        <Price
          current={product.price_current}
          original={product.price_original}
          taxInclusive={product.tax_inclusive}
          locale={canonicalLocale}
        />
        <Button onClick={add} busy={addLine.isPending} aria-describedby={titleId}>
          Add to basket
        </Button>
        {addLine.isError && (
          <p className="field__error" role="alert">
            {addLine.error.message}
          </p>
        )}
      </div>
    </article>
  );
}
