import { defaultMerchantAccount, type SandboxConfig } from '../context';
import type { GatewayCall } from './call';
import { notFound, xmlReply, type Reply } from './reply';
import { XmlCollection, type XmlObject } from './xml';

/**
 * The merchant accounts of the sandbox's account, read as the SDK's `merchantAccount.find(id)` and
 * `merchantAccount.all()` read the provider's: id, currency, status (always active: the sandbox
 * has no onboarding) and whether it is the default one.
 */

/** Ours: how many accounts one page of `GET merchant_accounts?page=N` holds (the SDK reads the page size from the answer). */
export const MERCHANT_ACCOUNTS_PAGE_SIZE = 20;

function merchantAccountXml(config: SandboxConfig, id: string): XmlObject {
  return {
    id,
    currencyIsoCode: config.merchantAccounts[id],
    status: 'active',
    default: id === defaultMerchantAccount(config),
  };
}

export function findMerchantAccount(call: GatewayCall): Reply {
  const { config } = call.context;
  const id = call.captures.id;
  if (!Object.hasOwn(config.merchantAccounts, id)) return notFound;
  return xmlReply(200, 'merchantAccount', merchantAccountXml(config, id));
}

/** One page (from 1) of the accounts, in the order they were configured. A page past the end is empty. */
export function listMerchantAccounts(call: GatewayCall): Reply {
  const { config } = call.context;
  const requested = Number(call.request.url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const ids = Object.keys(config.merchantAccounts);
  const items = ids.slice((page - 1) * MERCHANT_ACCOUNTS_PAGE_SIZE, page * MERCHANT_ACCOUNTS_PAGE_SIZE).map((id) => merchantAccountXml(config, id));
  return xmlReply(
    200,
    'merchantAccounts',
    new XmlCollection({ currentPageNumber: page, pageSize: MERCHANT_ACCOUNTS_PAGE_SIZE, totalItems: ids.length }, 'merchant-account', items),
  );
}
