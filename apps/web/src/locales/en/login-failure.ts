export const loginFailureEn = {
  'loginFailure.title': 'Sign-in failed',
  'loginFailure.word': 'Failure',
  'loginFailure.body': 'We offer you professional services and loan payment.',
} as const satisfies Record<string, string>;
