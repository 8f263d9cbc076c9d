import { addToBasket, DomainError, emptyBasket, err, type BasketView, type Result } from '@store/domain';
import type { IdGenerator } from '../shared/ports';
import type { CatalogueRepository } from '../catalogue/catalogue.ports';
import type { BasketReader } from './basket-reader';
import type { BasketRepository } from './basket.ports';

export interface AddToBasketCommand {
  /** The shopper's basket, if they have one; a new basket is started otherwise. */
  readonly basketReference: string | null;
  /** The country account of the storefront the shopper is on, used for a new basket. */
  readonly countryAccount: string;
  readonly suiteReference: string;
  readonly choice?: string;
}

/** Attempts before giving up when other requests keep changing the same basket. */
const MAX_ATTEMPTS = 5;

export class AddToBasket {
  constructor(
    private readonly baskets: BasketRepository,
    private readonly catalogue: CatalogueRepository,
    private readonly reader: BasketReader,
    private readonly ids: IdGenerator,
  ) {}

  async execute(command: AddToBasketCommand): Promise<Result<BasketView, DomainError>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = command.basketReference ? await this.baskets.find(command.basketReference) : null;
      const basket = existing ?? emptyBasket(this.ids.next(), command.countryAccount);
      const [suite] = await this.catalogue.findSuites([command.suiteReference], basket.countryAccount);
      if (!suite) return err(new DomainError('PRODUCT_NOT_FOUND'));

      const added = addToBasket(basket, suite, { choice: command.choice, newLineReference: this.ids.next() });
      if (!added.ok) return added;
      if (added.value === basket && existing) return this.reader.view(basket);
      if (await this.baskets.save(added.value)) return this.reader.view(added.value);
    }
    return err(new DomainError('BASKET_STALE'));
  }
}
