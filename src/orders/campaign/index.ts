/** The campaign orders language (docs/orders-campaign.md). */
export {
  CAMPAIGN_KEYWORDS,
  CAMPAIGN_ORDERS_CODES,
  parseCampaignSubmission,
  type CampaignOrdersContext,
  type CampaignParseOutcome,
  type ParsedCampaignSubmission,
} from './parse.ts';
export { campaignOrderBlock, formatCampaignOrders, type CampaignTextContext } from './format.ts';
