export const aboutUsEn = {
  'aboutUs.title': 'About us',
  'aboutUs.welcome': 'Welcome to {brand}',
  'aboutUs.body1':
    '{brand} offers short-term cash loans through its mobile app. You apply, confirm and repay in the app, and you see the amount, the term and every charge before you confirm.',
  'aboutUs.body2': 'If you have a question at any step, our customer service team is ready to help.',
} as const satisfies Record<string, string>;
