export const commonEn = {
  'brand.name': 'Lend',
  'brand.logoAlt': '{brand} logo',

  'common.loading': 'Loading…',
  'common.close': 'Close',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.copyFailed': 'Could not copy. Please copy it by hand.',
  'common.secondsLeft': '{seconds} s',
  'common.notifications': 'Notifications',

  'errors.title': 'Something went wrong',
  'errors.body': 'Please reload the page or try again later.',
  'errors.network': 'Network error. Please check your connection and try again.',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',

  'wayOn.label': 'Where to go next',
  'wayOn.loan': 'Back to your loan',
  'wayOn.home': 'Go to the app’s home',
  'wayOn.signIn': 'Sign in again',
  'wayOn.service': 'Customer service',
} as const satisfies Record<string, string>;
