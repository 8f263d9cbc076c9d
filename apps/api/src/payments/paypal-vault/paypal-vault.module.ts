import { Module } from '@nestjs/common';
import {
  CARD_GATEWAY_PORT,
  CARD_GATEWAY_SETTINGS,
  KeepVaultedMethod,
  SAVED_METHOD_REPOSITORY,
  SavePayPalAccount,
  StartPayPalVault,
  type CardGatewayPort,
  type CardGatewaySettings,
  type PayPalVaultPort,
  type SavedMethodRepository,
} from '@store/application';
import { PayPalVaultController } from './paypal-vault.controller';

/** The card gateway's adapter, which may or may not keep PayPal accounts in its vault. */
type Gateway = (CardGatewayPort & Partial<PayPalVaultPort>) | null;

/** PayPal's vault flow in the account area. */
@Module({
  controllers: [PayPalVaultController],
  providers: [
    { provide: StartPayPalVault, useFactory: (gateway: Gateway, settings: CardGatewaySettings | null) => new StartPayPalVault(gateway, settings), inject: [CARD_GATEWAY_PORT, CARD_GATEWAY_SETTINGS] },
    {
      provide: SavePayPalAccount,
      useFactory: (saved: SavedMethodRepository, keep: KeepVaultedMethod, gateway: Gateway, settings: CardGatewaySettings | null) => new SavePayPalAccount(saved, keep, gateway, settings),
      inject: [SAVED_METHOD_REPOSITORY, KeepVaultedMethod, CARD_GATEWAY_PORT, CARD_GATEWAY_SETTINGS],
    },
  ],
  // The account page's saved PayPal section asks whether adding one is offered at all.
  exports: [StartPayPalVault],
})
export class PayPalVaultModule {}
