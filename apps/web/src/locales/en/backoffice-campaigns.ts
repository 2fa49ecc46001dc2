/** English texts of the back office's Campaigns section (docs/decisions/183). */
export const backofficeCampaignsEn = {
  'bo.nav.campaigns': 'Campaigns',
  'bo.campaigns.template': 'Promotion template',
  'bo.campaigns.from': 'First day',
  'bo.campaigns.to': 'Last day',
  'bo.campaigns.show': 'Show',
  'bo.campaigns.rangeHint': 'Days in the promotion market’s calendar, at most {days} at a time.',
  'bo.campaigns.noTemplates': 'There is no promotion template yet.',
  'bo.campaigns.heading': 'Funnel of “{name}” by day',
  'bo.campaigns.totals': 'In these days: visits {visits}, clicks {clicks}, SMS sent {smsSent}, registrations {registrations} (days in {timeZone}).',
  'bo.campaigns.chartCaption': 'Visits, clicks, SMS sent and registrations per day. The table below gives every figure of the chart.',
  'bo.campaigns.day': 'Day',
  'bo.campaigns.visits': 'Visits',
  'bo.campaigns.clicks': 'Clicks',
  'bo.campaigns.smsSent': 'SMS sent',
  'bo.campaigns.registrations': 'Registrations',
} as const satisfies Record<string, string>;
