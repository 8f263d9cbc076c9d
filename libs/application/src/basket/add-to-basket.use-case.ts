import { addToBasket, DomainError, emptyBasket, err, type Result } from '@store/domain';
import type { IdGenerator } from '../shared/ports';
import type { CatalogueRepository } from '../catalogue/catalogue.ports';
import type { BasketReader, BasketViewer, ReadBasket } from './basket-reader';
import type { BasketRepository } from './basket.ports';

export interface AddToBasketCommand {
  /** The shopper's basket, if they have one; a new basket is started otherwise. */
  readonly basketReference: string | null;
  /** The country account of the storefront the shopper is on, used for a new basket. */
  readonly countryAccount: string;
  readonly suiteReference: string;
  readonly choice?: string;
  readonly viewer?: BasketViewer | null;
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

  async execute(command: AddToBasketCommand): Promise<Result<ReadBasket, DomainError>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const existing = command.basketReference ? await this.baskets.find(command.basketReference) : null;
      // The order being placed is for this basket as it is: an addition now would be lost.
      if (existing?.orderInFlight) return err(new DomainError('BASKET_ORDER_IN_PROGRESS'));
      const fresh = existing ?? emptyBasket(this.ids.next(), command.countryAccount);
      // A signed-in shopper's basket is theirs, so it can follow them to another device.
      const basket = command.viewer && fresh.customerId !== command.viewer.id ? { ...fresh, customerId: command.viewer.id } : fresh;
      const [suite] = await this.catalogue.findSuites([command.suiteReference], basket.countryAccount);
      if (!suite) return err(new DomainError('PRODUCT_NOT_FOUND'));

      const added = addToBasket(basket, suite, { choice: command.choice, newLineReference: this.ids.next() });
      if (!added.ok) return added;
      const viewer = command.viewer ?? null;
      if (added.value === fresh && existing) return this.reader.read(fresh, viewer);
      const next = added.value === basket ? { ...basket, version: basket.version + 1 } : added.value;
      if (await this.baskets.save(next)) return this.reader.read(next, viewer);
    }
    return err(new DomainError('BASKET_STALE'));
  }
}
