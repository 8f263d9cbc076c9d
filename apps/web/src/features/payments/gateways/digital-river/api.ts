import type { MorAttachSourceJson, MorAttachSourcePayload, MorAttachTaxIdPayload, MorCreateCheckoutPayload, MorSetupJson } from '@store/domain';
import { api } from '../../../../lib/api-client';

/** MERCHANT_OF_RECORD_CREATE_CHECKOUT (spec 2 §7): the checkout for this version of the basket and the drop-in's set-up. */
export const createMorCheckout = (payload: MorCreateCheckoutPayload) => api.action<MorSetupJson>('MERCHANT_OF_RECORD_CREATE_CHECKOUT', payload);

/** Create-and-attach tax id (spec 2 §7): the repriced checkout as JSON text. */
export const attachMorTaxId = (payload: MorAttachTaxIdPayload) => api.action<{ checkout: string }>('MERCHANT_OF_RECORD_ATTACH_TAX_ID', payload);

/** Attach payment source (spec 2 §7). */
export const attachMorSource = (payload: MorAttachSourcePayload) => api.action<MorAttachSourceJson>('MERCHANT_OF_RECORD_ATTACH_SOURCE', payload);
