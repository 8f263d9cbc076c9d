import {
  canRemoveLine,
  discountLabel,
  displayedTotal,
  money,
  showsDiscountBox,
  type BasketJson,
  type BasketLineJson,
  type MoneyJson,
  type TotalsJson,
} from '@store/domain';
import { Amount, Button, LiveRegion, Price } from '@store/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { productStockNote } from '../../../lib/locale';
import { useAppUi } from '../../../lib/app-ui';
import { useBasketEditor } from '../api/basket-editor';
import type { EditOutcome } from '../basket-edit-queue';
import { QuantityField } from './quantity-field';
import { DiscountBox } from './discount-box';
import { VoucherBox } from './voucher-box';

const toMoney = (value: MoneyJson) => money(value.amount_minor, value.currency);

function shownTotal(basket: BasketJson, totals: TotalsJson) {
  return displayedTotal({
    taxInclusive: basket.pricing.tax_inclusive,
    total: { net: toMoney(totals.net), tax: toMoney(totals.tax), gross: toMoney(totals.gross), isZeroVat: totals.is_zero_vat },
  });
}

export interface BasketSectionProps {
  readonly basket: BasketJson;
  /** The locale's canonical tag, for money and dates. */
  readonly locale: string;
  /** The storefront path to go on shopping from. */
  readonly storePath: string;
}

/**
 * The checkout's basket (spec 1 §2, §4, §6, §9): lines with their choice, quantity and removal, bonus
 * products, stock notes, the discount code box and the totals. Edits show at once and are saved in
 * order; the notices the server sends with the basket (300, 210) are shown at the top once each.
 */
export function BasketSection({ basket: saved, locale, storePath }: BasketSectionProps) {
  const { notify } = useAppUi();
  const editor = useBasketEditor(saved);
  const basket = editor.basket;
  const buttons = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const shownNotices = useRef(new Set<string>());

  useEffect(() => {
    for (const code of saved.notices) {
      const key = `${saved.stale_hash}:${code}`;
      if (shownNotices.current.has(key)) continue;
      shownNotices.current.add(key);
      notify(code);
    }
  }, [saved, notify]);

  const removeLine = async (line: BasketLineJson) => {
    const hadMoreThanOne = basket.lines.length > 1;
    const outcome = editor.submit({ action: 'REMOVE_LINE', lineReference: line.reference });
    // The line is gone at once; focus moves to the basket buttons rather than to the page's top.
    if (hadMoreThanOne) requestAnimationFrame(() => buttons.current?.querySelector<HTMLElement>('a, button')?.focus());
    const result = await outcome;
    if (result.status === 'saved') setAnnouncement(`${line.name} removed from your basket`);
  };

  const applied = basket.pricing.applied_discount;
  const totals = basket.pricing.total_with_discount_applied ?? basket.pricing.total;
  const total = shownTotal(basket, totals);
  const discountShown = applied ? shownTotal(basket, applied.total) : null;

  return (
    <div className="basket" aria-busy={editor.pending || undefined}>
      <ul className="basket__lines" aria-label="Products in your basket">
        {basket.lines.map((line) => (
          <BasketLine
            key={line.reference}
            line={line}
            locale={locale}
            removable={canRemoveLine(basket.flags.allow_line_removal)}
            onChoice={(choice) => void editor.submit({ action: 'CHANGE_CHOICE', lineReference: line.reference, choice })}
            onQuantity={(quantity) => void editor.submit({ action: 'CHANGE_QUANTITY', lineReference: line.reference, quantity })}
            onRemove={() => void removeLine(line)}
          />
        ))}
      </ul>

      {applied && discountShown && (
        <div className="basket__discount" data-testid="applied-discount">
          <p>
            Discount <strong>{applied.code}</strong> <span className="basket__discount-percent">{discountLabel(applied.percentage)}</span>
          </p>
          <p className="basket__discount-amount">
            −<Amount value={{ amount_minor: discountShown.amount.amountMinor, currency: discountShown.amount.currency }} locale={locale} />
          </p>
          <Button
            variant="link"
            onClick={async () => {
              const outcome = await editor.submit({ action: 'REMOVE_DISCOUNT_CODE' });
              if (outcome.status === 'saved') setAnnouncement('Discount code removed');
            }}
          >
            Remove<span className="visually-hidden"> discount code {applied.code}</span>
          </Button>
        </div>
      )}

      {showsDiscountBox(basket.pricing.total.is_zero_total, applied !== null) && (
        <DiscountBox
          apply={(code) => editor.submit({ action: 'APPLY_DISCOUNT_CODE', code })}
          onApplied={() => setAnnouncement('Discount code applied successfully')}
        />
      )}

      <p className="basket__total">
        <span>{total.label}</span>{' '}
        <strong data-testid="basket-total" aria-busy={editor.pending || undefined}>
          <Amount value={{ amount_minor: total.amount.amountMinor, currency: total.amount.currency }} locale={locale} />
        </strong>
      </p>
      <VoucherPayment
        basket={basket}
        locale={locale}
        apply={(code) => editor.submit({ action: 'APPLY_VOUCHER_CODE', code })}
        remove={() => editor.submit({ action: 'REMOVE_VOUCHER_CODE' })}
        announce={setAnnouncement}
      />
      {editor.pending && (
        <p className="basket__updating" role="status">
          Updating your basket…
        </p>
      )}
      <LiveRegion message={announcement} />
      <div className="basket__buttons" ref={buttons}>
        <Link className="button button--secondary" to={storePath}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}

interface VoucherPaymentProps {
  readonly basket: BasketJson;
  readonly locale: string;
  readonly apply: (code: string) => Promise<EditOutcome>;
  readonly remove: () => Promise<EditOutcome>;
  readonly announce: (message: string) => void;
}

/**
 * A voucher pays after discount and tax (ours): its line, what stays on it and what is left to pay,
 * or the box to enter one while something is due.
 */
function VoucherPayment({ basket, locale, apply, remove, announce }: VoucherPaymentProps) {
  const voucher = basket.pricing.applied_voucher;
  if (!voucher) {
    return basket.pricing.total.is_zero_total || basket.pricing.amount_to_pay.amount_minor === 0 ? null : (
      <VoucherBox apply={apply} onApplied={() => announce('Voucher applied successfully')} />
    );
  }
  return (
    <div className="basket__discount basket__voucher" data-testid="applied-voucher">
      <p>
        Voucher <strong>{voucher.code}</strong>
      </p>
      <p className="basket__discount-amount">
        −<Amount value={voucher.amount} locale={locale} />
      </p>
      <Button
        variant="link"
        onClick={async () => {
          const outcome = await remove();
          if (outcome.status === 'saved') announce('Voucher removed');
        }}
      >
        Remove<span className="visually-hidden"> voucher {voucher.code}</span>
      </Button>
      <p className="basket__voucher-balance" data-testid="voucher-balance">
        Balance left on voucher: <Amount value={voucher.balance_left} locale={locale} />
      </p>
      <p className="basket__total basket__to-pay">
        <span>Amount to pay</span>{' '}
        <strong data-testid="amount-to-pay">
          <Amount value={basket.pricing.amount_to_pay} locale={locale} />
        </strong>
      </p>
    </div>
  );
}

interface BasketLineProps {
  readonly line: BasketLineJson;
  readonly locale: string;
  readonly removable: boolean;
  readonly onChoice: (choice: string) => void;
  readonly onQuantity: (quantity: number) => void;
  readonly onRemove: () => void;
}

function BasketLine({ line, locale, removable, onChoice, onQuantity, onRemove }: BasketLineProps) {
  const choiceId = useId();
  const active = line.product_choices.find((option) => option.choice.synonym === line.active_product_choice);
  const product = active?.product;
  const note = product ? productStockNote(product, locale) : null;
  return (
    <li className="basket-line" data-line={line.reference} data-suite={line.product_suite_reference}>
      {product ? <img className="basket-line__media" src={product.media.src} alt="" width={48} height={48} /> : <span />}
      <div className="basket-line__details">
        <p className="basket-line__name">{line.name}</p>
        {product && <p className="basket-line__description">{product.description}</p>}
        {active?.legacy_product && (
          <p className="basket-line__legacy" data-testid="legacy-product">
            An earlier version of {line.name}
          </p>
        )}
        {line.show_choice ? (
          <div className="field field--inline">
            <label className="field__label" htmlFor={choiceId}>
              Platform<span className="visually-hidden"> of {line.name}</span>
            </label>
            <select
              id={choiceId}
              className="field__input"
              value={line.active_product_choice}
              onChange={(event) => {
                // Sent only when it differs from the current choice (spec 1 §4).
                if (event.target.value !== line.active_product_choice) onChoice(event.target.value);
              }}
            >
              {line.product_choices.map((option) => (
                <option key={option.choice.synonym} value={option.choice.synonym}>
                  {option.legacy_product ? `${option.choice.name} (earlier version)` : option.choice.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <QuantityField line={line} onChange={onQuantity} />
        {note && <p className="basket-line__stock">{note}</p>}
        {line.products_included.length > 0 && (
          <ul className="basket-line__included" aria-label={`Included with ${line.name}`}>
            {line.products_included.map((included) => (
              <li key={included.reference}>
                {included.name}{' '}
                <Price current={included.price_current} original={included.price_original} taxInclusive={included.tax_inclusive} locale={locale} withTaxLabel={false} />
              </li>
            ))}
          </ul>
        )}
        {removable && (
          <Button variant="link" className="basket-line__remove" onClick={onRemove}>
            Remove<span className="visually-hidden"> {line.name}</span>
          </Button>
        )}
      </div>
      <p className="basket-line__price" data-testid="line-price">
        {product && line.quantity === 1 ? (
          <Price current={product.price_current} original={product.price_original} taxInclusive={product.tax_inclusive} locale={locale} />
        ) : (
          <Amount value={line.total} locale={locale} />
        )}
      </p>
    </li>
  );
}
