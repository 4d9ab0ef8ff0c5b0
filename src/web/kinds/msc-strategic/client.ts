/**
 * What the campaign's page script (static/kinds/msc-strategic/campaign.js)
 * needs of the rules, bundled for the browser by src/web/client-bundle.ts:
 * the campaign orders and setup checker (campaign-check.ts), run against the
 * side's own view with the very code the service checks them with.
 */
export { checkCampaignText } from './campaign-check.ts';
