import { DomainError, err, type BasketView, type Result } from '@store/domain';
import type { BasketReader } from './basket-reader';
import type { BasketRepository } from './basket.ports';

export class GetBasket {
  constructor(
    private readonly baskets: BasketRepository,
    private readonly reader: BasketReader,
  ) {}

  async execute(reference: string): Promise<Result<BasketView, DomainError>> {
    const basket = await this.baskets.find(reference);
    if (!basket) return err(new DomainError('BASKET_NOT_FOUND'));
    return this.reader.view(basket);
  }
}
