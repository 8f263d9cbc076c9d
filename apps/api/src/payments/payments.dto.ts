import { Matches } from 'class-validator';

export class CardCheckoutQuery {
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'basket_ref is not a basket reference' })
  basket_ref!: string;
}
