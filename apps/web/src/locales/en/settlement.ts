/** English texts of the borrower's settlement offer (docs/decisions/245); the offer's own lines come from the server. */
export const settlementEn = {
  'settlement.title': 'An offer to close your loan',
  'settlement.loading': 'Loading the offer…',
  'settlement.accept': 'Accept the offer',
  'settlement.accepting': 'Accepting…',
  'settlement.accepted': 'You accepted this offer. Pay {amount} by {date}: the loan closes once your payments reach it.',
  'settlement.pay': 'How to pay',
  // Payment plans (docs/decisions/250).
  'planOffer.title': 'A payment plan we offer you',
  'planOffer.schedule': 'Your payments',
  'planOffer.payment': 'Payment',
  'planOffer.date': 'Date',
  'planOffer.amount': 'Amount',
  'planOffer.terms': 'The plan’s terms',
  'planOffer.accept': 'Accept the plan',
  'planOffer.accepting': 'Accepting…',
  'planOffer.inForce': 'Your payment plan is in force: pay each payment on its date ({total} in all).',
  'planOffer.pay': 'How to pay',
} as const;
