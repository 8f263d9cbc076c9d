import {
  checkDiscount,
  checkVoucher,
  correctBasket,
  DomainError,
  err,
  ErrorCatalogue,
  ok,
  taxCountryOf,
  taxesByBillingCountry,
  viewBasket,
  type Basket,
  type BasketView,
  type CountryAccount,
  type DiscountInput,
  type Result,
  type VoucherInput,
} from '@store/domain';
import type { BillingAddress, BillingRepository } from '../billing/billing.ports';
import type { CatalogueRepository, CountryAccountRepository } from '../catalogue/catalogue.ports';
import type { Clock } from '../shared/ports';
import type { TaxRates } from '../tax/tax.ports';
import type { BasketRepository } from './basket.ports';
import type { DiscountRepository } from './discount.ports';
import type { VoucherRepository } from './voucher.ports';

/** Who is looking at the basket: discount codes bound to an email or limited per customer need it. */
export interface BasketViewer {
  readonly id: string;
  readonly email: string;
  /** Whether the customer has proven the email is theirs: codes reserved for an address need it. */
  readonly emailVerified: boolean;
}

export interface ReadBasket {
  readonly view: BasketView;
  /**
   * Codes for the top notices of spec 2 §8: 300 when unavailable items were removed, 210 when the
   * basket was otherwise changed by the store, 201006 when the applied discount no longer holds.
   */
  readonly notices: readonly number[];
}

/**
 * Turns a stored basket into what the shopper sees: corrected against today's catalogue (and
 * stored so), priced in its account with its discount if that still holds.
 */
export class BasketReader {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly accounts: CountryAccountRepository,
    private readonly baskets: BasketRepository,
    private readonly discounts: DiscountRepository,
    private readonly clock: Clock,
    private readonly vouchers: VoucherRepository | null = null,
    /** Rates of the countries posted products go to; without it they are taxed as at home. */
    private readonly taxRates: TaxRates | null = null,
    /** Where customers are billed: accounts inside the EU tax there; without it they are taxed as at home. */
    private readonly billing: BillingRepository | null = null,
  ) {}

  /** `known.billing`: the viewer's billing address when the caller has just read it (not read again). */
  async read(stored: Basket, viewer: BasketViewer | null, known: { readonly billing?: BillingAddress | null } = {}): Promise<Result<ReadBasket, DomainError>> {
    const home = await this.accounts.find(stored.countryAccount);
    if (!home) return err(new DomainError('BASKET_NOT_FOUND'));
    const account = await this.taxedWhereBilled(home, viewer, known.billing);
    const suites = await this.catalogue.findSuites([...new Set(stored.lines.map((line) => line.suiteReference))], stored.countryAccount);
    const suiteMap = new Map(suites.map((suite) => [suite.reference, suite]));
    const correction = correctBasket(stored, suiteMap);
    const notices: number[] = [];
    let basket = stored;
    if (correction.basket !== stored) {
      // If another request changed the basket meanwhile, its read corrects it; this one shows the fix.
      await this.baskets.save(correction.basket);
      basket = correction.basket;
      if (correction.removedLines.length > 0) notices.push(ErrorCatalogue.BASKET_LINES_REMOVED.code);
      if (correction.adjustedLines.length > 0) notices.push(ErrorCatalogue.BASKET_UPDATED.code);
    }
    // Posted products are taxed where the shopper said they go (CONFIGURE_BASKET_SHIPPING_COUNTRY).
    const destination = basket.shippingCountry && this.taxRates ? { country: basket.shippingCountry, taxRateBasisPoints: this.taxRates.standardRate(basket.shippingCountry) } : null;
    const plain = viewBasket(basket, account, suiteMap, null, null, destination);
    if (!plain.ok) return plain;

    let discountInput: DiscountInput | null = null;
    if (basket.discountCode) {
      const check = await this.checkDiscount(basket.discountCode, basket, viewer, plain.value.total.gross.amountMinor);
      if (check.ok) discountInput = check.value;
      else notices.push(ErrorCatalogue.DISCOUNT_PROBLEM.code);
    }
    // A voucher that no longer holds (spent by another order, expired) pays nothing: the top notice says why.
    const voucher = basket.voucherCode ? await this.checkVoucher(basket.voucherCode, basket, account, viewer) : null;
    if (voucher && !voucher.ok) notices.push(voucher.error.code);
    const voucherInput = voucher?.ok ? voucher.value : null;
    if (!discountInput && !voucherInput) return ok({ view: plain.value, notices });
    const priced = viewBasket(basket, account, suiteMap, discountInput, voucherInput, destination);
    return priced.ok ? ok({ view: priced.value, notices }) : priced;
  }

  /**
   * The account with the VAT rate of the viewer's billing country, for an account that owes VAT
   * where its customer is (the price stays as listed, only its tax share moves).
   */
  private async taxedWhereBilled(account: CountryAccount, viewer: BasketViewer | null, known: BillingAddress | null | undefined): Promise<CountryAccount> {
    if (!account.taxInclusive || !taxesByBillingCountry(account.code) || !viewer || !this.billing || !this.taxRates) return account;
    const address = known !== undefined ? known : await this.billing.find(viewer.id);
    if (!address) return account;
    return { ...account, taxRateBasisPoints: this.taxRates.standardRate(taxCountryOf(account.code, address.country)) };
  }

  /** Whether a discount code may apply to this basket, at this total, for this viewer now (APPLY_DISCOUNT_CODE, and every read after). */
  async checkDiscount(code: string, basket: Basket, viewer: BasketViewer | null, basketTotalMinor: number): Promise<Result<DiscountInput, DomainError>> {
    const discount = await this.discounts.find(code);
    return checkDiscount(discount, {
      now: this.clock.now(),
      countryAccount: basket.countryAccount,
      customerEmail: viewer?.email ?? null,
      customerEmailVerified: viewer?.emailVerified ?? false,
      customerRedemptions: viewer && discount ? await this.discounts.redemptionsBy(discount.code, viewer.id) : 0,
      basketTotalMinor,
    });
  }

  /** Whether a voucher may pay for this basket for this viewer now (APPLY_VOUCHER_CODE, and every read after). */
  async checkVoucher(code: string, basket: Basket, account: CountryAccount, viewer: BasketViewer | null): Promise<Result<VoucherInput, DomainError>> {
    const voucher = this.vouchers ? await this.vouchers.find(code) : null;
    return checkVoucher(voucher, {
      now: this.clock.now(),
      countryAccount: basket.countryAccount,
      currency: account.currency,
      customerEmail: viewer?.email ?? null,
      customerEmailVerified: viewer?.emailVerified ?? false,
      customerRedemptions: viewer && voucher && this.vouchers ? await this.vouchers.redemptionsBy(voucher.code, viewer.id) : 0,
      customerHasOrdered: viewer && voucher?.newCustomersOnly && this.vouchers ? await this.vouchers.hasOrdered(viewer.id) : false,
    });
  }

  /** The country account a basket is priced in (for checks made before the basket changes). */
  async accountOf(basket: Basket): Promise<CountryAccount | null> {
    return this.accounts.find(basket.countryAccount);
  }
}
