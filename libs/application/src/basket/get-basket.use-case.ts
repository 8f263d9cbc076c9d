import { DomainError, err, type Result } from '@store/domain';
import type { BasketReader, BasketViewer, ReadBasket } from './basket-reader';
import type { BasketRepository } from './basket.ports';

export class GetBasket {
  constructor(
    private readonly baskets: BasketRepository,
    private readonly reader: BasketReader,
  ) {}

  async execute(reference: string, viewer: BasketViewer | null = null): Promise<Result<ReadBasket, DomainError>> {
    const basket = await this.baskets.find(reference);
    if (!basket) return err(new DomainError('BASKET_NOT_FOUND'));
    return this.reader.read(basket, viewer);
  }
}
