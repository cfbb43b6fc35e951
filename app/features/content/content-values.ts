import { REFERRAL_REWARD_PENCE } from '../../../contract/accounts';
import { formatDealerNetwork } from '~/lib/dealer-network';
import { formatPounds } from '~/lib/format';

/**
 * The `{{name}}` values a content page may carry (scripts/build-content.mjs CONTENT_VALUES, which
 * refuses any other name at build time): facts that live in configuration or shared data, filled
 * in when the page is served so that the Markdown never states them twice.
 */
export interface ContentValues {
  brandName: string;
  companyName: string;
  companyNumber: string;
  registeredAddress: string;
  icoNumber: string;
  referralReward: string;
  /** The dealer network's size as the copy states it (formatDealerNetwork). */
  dealerNetwork: string;
}

interface Config {
  brandName: string;
  companyDetails: { name: string; number: string; registeredAddress: string; icoNumber: string } | null;
  dealerNetworkSize: number;
}

/**
 * Outside production the company details may be missing (production refuses that, env.server.ts):
 * the page says so rather than inventing a company.
 */
const NOT_CONFIGURED = 'not configured';

export function contentValues(config: Config): ContentValues {
  const company = config.companyDetails;
  return {
    brandName: config.brandName,
    companyName: company?.name ?? NOT_CONFIGURED,
    companyNumber: company?.number ?? NOT_CONFIGURED,
    registeredAddress: company?.registeredAddress ?? NOT_CONFIGURED,
    icoNumber: company?.icoNumber ?? NOT_CONFIGURED,
    referralReward: formatPounds(REFERRAL_REWARD_PENCE / 100),
    dealerNetwork: formatDealerNetwork(config.dealerNetworkSize),
  };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fill(text: string, values: ContentValues, escape: (value: string) => string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (token, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`content value ${token} has no value`);
    return escape(values[name as keyof ContentValues]);
  });
}

/** A compiled page's HTML with its values filled in, escaped: configuration is text, never markup. */
export function fillContent(html: string, values: ContentValues): string {
  return fill(html, values, escapeHtml);
}

/** A page's plain text (its description), with its values filled in as they are: React escapes it when it renders. */
export function fillText(text: string, values: ContentValues): string {
  return fill(text, values, (value) => value);
}
