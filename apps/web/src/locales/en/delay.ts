export const delayEn = {
  'delay.title': 'Extend your payment date',
  'delay.loading': 'Loading your extension…',
  'delay.charge': 'Extension charge',
  'delay.newDate': 'New payment date',
  'delay.terms': 'What the extension costs',
  'delay.plan': 'Your payments after the extension',
  'delay.planDue': 'Due {date}',
  'delay.service': 'Customer service',
  'delay.serviceMoveHint': 'Use the up and down arrow keys to move this button.',
} as const satisfies Record<string, string>;
