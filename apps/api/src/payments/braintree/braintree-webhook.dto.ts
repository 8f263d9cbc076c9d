import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Far above any notification the provider sends (a few kilobytes), far below the API's body limit. */
export const WEBHOOK_PAYLOAD_MAX_CHARS = 65_536;

/**
 * POST /webhooks/braintree/: the provider's form (application/x-www-form-urlencoded). Both fields
 * are optional here so that a delivery without one is refused as unsigned by the reader, with its
 * own code, rather than as a generic validation failure.
 */
export class BraintreeWebhookDto {
  @IsOptional() @IsString() @MaxLength(1000) bt_signature?: string;

  @IsOptional() @IsString() @MaxLength(WEBHOOK_PAYLOAD_MAX_CHARS) bt_payload?: string;
}
