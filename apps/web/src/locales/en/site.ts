/** Public site and privacy notice: interface texts (the long legal texts load with their pages). */
export const siteEn = {
  'site.skipToContent': 'Skip to content',
  'site.homeLink': '{brand} home',
  'site.sectionsLabel': 'Sections',
  'site.pagesLabel': 'Company pages',
  'site.section.home': 'Home',
  'site.section.about': 'About us',
  'site.section.privacy': 'Privacy Policy',
  'site.section.loanTerms': 'Loan Terms And Conditions',

  'site.page.about': 'About us',
  'site.page.user': 'User agreement',
  'site.page.contact': 'Contact us',
  'site.page.policy': 'Privacy policy',
  'site.page.loan': 'Loan terms',

  'site.meta.home.title': 'Short-term cash loans with every cost shown up front',
  'site.meta.home.description':
    'Apply for a short-term cash loan in the {brand} app in about 2 hours: a decision within 1 day, the money in your account within 1 to 3 days, and every charge shown before you confirm.',
  'site.meta.about.description': 'Who we are: {brand}, a registered finance company offering short-term cash loans through its app.',
  'site.meta.user.description': 'The rules for using the {brand} app and site: your account, your information and our services.',
  'site.meta.contact.description': 'Write to {brand}: leave your name, e-mail, phone number and message, and our team will answer you.',
  'site.meta.policy.description':
    'How {brand} collects, uses and protects your personal data, and how to exercise your rights: ARCO in Mexico, under the DPDP Act in India.',
  'site.meta.loan.description':
    'The loan terms of {brand}: terms of 91 to 365 days, decision within 1 day, late charges, early repayment and prolongation.',
  'site.meta.privacyNotice.title': 'Privacy Policy',
  'site.meta.privacyNotice.description': 'The privacy notice of {brand} for borrowers in Mexico and in India: your data, its uses and your rights.',

  'site.hero.title': 'Cash when you need it, with every cost shown up front',
  'site.hero.apply': 'Sign in or apply in your browser',
  'site.hero.body': 'Apply in the app in minutes, get a decision within 1 day and see the amount, the term and every charge before you confirm.',
  'site.home.marketsLabel': 'Information for each country',
  /** The home page's words of each market (docs/decisions/232): the tax on interest and commission, and the data-protection law. */
  'site.tax.MX': 'VAT (IVA)',
  'site.tax.IN': 'GST',
  'site.dataRights.MX': 'your ARCO rights (access, rectification, cancellation and opposition)',
  'site.dataRights.IN':
    'your rights under India’s Digital Personal Data Protection Act, 2023 (access, correction and erasure, grievance redressal and nomination)',
  'site.banner.label': 'Highlights',
  'site.banner.1': 'A phone showing an approved loan and money arriving in the account',
  'site.banner.2': 'A receipt listing the amount, commission, interest and {tax} of a loan',
  'site.banner.3': 'A calendar with the repayment date marked',

  'site.tiles.title': 'Why borrowers choose us',
  'site.tile.apply.title': 'Apply in minutes',
  'site.tile.apply.body': 'Fill in the application in your browser or in the app; most applications are decided at once.',
  'site.tile.decision.title': 'Decision within 1 day',
  'site.tile.decision.body': 'We review every application within 1 day and send the money within 1 to 3 days.',
  'site.tile.costs.title': 'Every cost up front',
  'site.tile.costs.body': 'Commission, interest and {tax} are shown before you confirm. No hidden charges.',
  'site.tile.data.title': 'Your data protected',
  'site.tile.data.body': 'We use your data only to serve your loan, and you can exercise {rights} at any time.',

  'site.faq.title': 'Frequently asked questions',
  'site.faq.fees.q': 'What does a loan cost?',
  'site.faq.fees.a':
    'A commission deducted when the money is sent, daily interest on the amount borrowed, and {tax} of {rate} on interest and commission. The app shows each amount and the total to repay before you confirm.',
  'site.faq.suits.q': 'Who is a loan for?',
  'site.faq.suits.a':
    'Adults over 18 with full legal capacity, a permanent address in the market where they apply and a bank account in their own name, who need a small amount for personal use.',
  'site.faq.speed.q': 'How fast is the approval?',
  'site.faq.speed.a': 'You get a decision within 1 day. Once you accept, the money reaches your account within 1 to 3 calendar days.',
  'site.faq.watch.q': 'What should I watch out for?',
  'site.faq.watch.a':
    'Borrow only what you can repay by the due date. Late payment adds a one-time late fee and daily interest on the unpaid amount. Never share your verification codes with anyone.',
  'site.faq.purposes.q': 'What can I use the loan for?',
  'site.faq.purposes.a':
    'For personal needs such as bills, school costs, health or household expenses. Loans may not be used for business, gambling or any unlawful purpose.',

  'site.about.title': 'About us',
  'site.about.body1':
    '{company} offers short-term cash loans through the {brand} app. You apply, confirm and repay from your phone, and you see the amount, the term and every charge before you confirm.',
  'site.about.body2':
    'We answer every question through customer service, keep your data safe and lend only what you can repay.',
  'site.about.factsTitle': 'Company details',
  'site.fact.name': 'Company',
  'site.fact.cin': 'Corporate identity number (CIN)',
  'site.fact.nbfc': 'NBFC registration',
  'site.fact.address': 'Address',
  'site.fact.site': 'Website',
  'site.fact.phone': 'Phone',
  'site.fact.email': 'E-mail',

  'site.privacy.title': 'Privacy Policy',
  'site.privacy.frameTitle': 'Privacy notice',
  'site.privacy.centreLink': 'Your data, consents and rights: open the privacy centre',
  'site.privacy.openFull': 'Open the privacy notice in its own page',
  'site.privacy.marketsLabel': 'Privacy notice of each market',

  'site.loanTerms.title': 'Loan Terms And Conditions',
  'site.loanTerms.subtitle': 'Apply in about 2 hours and read the agreement that governs your loan.',
  'site.loanTerms.marketsLabel': 'Terms of each market',
  'site.loanTerms.market.IN': 'India',
  'site.loanTerms.market.MX': 'Mexico',
  'site.loadingText': 'Loading the text…',

  'site.contact.title': 'Contact us',
  'site.contact.intro': 'Leave us a message and our team will answer you by e-mail or phone.',
  'site.contact.fullName': 'Full name',
  'site.contact.email': 'E-mail',
  'site.contact.phone': 'Phone number',
  'site.contact.message': 'Message',
  'site.contact.counter': '{count}/{max}',
  'site.contact.submit': 'Submit',
  'site.contact.sending': 'Sending…',
  'site.contact.success': 'Success',
  'site.contact.successDetail': 'Thank you, {name}. We received your message and will answer soon.',

  'site.footer.contactTitle': 'Contact',
  'site.footer.registration': 'CIN {cin} · NBFC {nbfc}',
  'site.footer.copyright': '© {year} {company}. All rights reserved.',
  'site.footer.unavailable': 'Our contact details are not available right now.',
} as const satisfies Record<string, string>;
