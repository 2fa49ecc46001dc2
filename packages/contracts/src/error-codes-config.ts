import type { Language } from './language';

/** Error codes of the back office's configuration: pricing, credit policies, payment channels, the lender's facts (docs/decisions/177, 178, 230). */
export const ConfigErrorCode = {
  PricingInconsistent: 9060,
  PreviewOutsidePricing: 9061,
  CreditPolicyInconsistent: 9062,
  PaymentChannelNotFound: 9063,
  PaymentChannelLimitsInconsistent: 9064,
  ConfigProductNotFound: 9065,
  /** A market's lender phone in another country's numbering (docs/decisions/230). */
  LenderPhoneOfOtherMarket: 9066,
  /** Delinquency buckets that leave a day past due out, count one twice, or end (docs/decisions/242). */
  DelinquencyBandsInvalid: 9067,
} as const;
export type ConfigErrorCodeValue = (typeof ConfigErrorCode)[keyof typeof ConfigErrorCode];

export const CONFIG_ERROR_HTTP_STATUS: Record<ConfigErrorCodeValue, number> = {
  9060: 400,
  9061: 400,
  9062: 400,
  9063: 404,
  9064: 400,
  9065: 404,
  9066: 400,
  9067: 400,
};

export const CONFIG_ERROR_MESSAGES: Record<ConfigErrorCodeValue, Record<Language, string>> = {
  9060: {
    en: 'The pricing does not hold together ({field}): the default amount and term must lie between their smallest and largest, and the term must divide evenly into the installments.',
    es: 'La tarifa no es coherente ({field}): el monto y el plazo por defecto deben quedar entre su mínimo y su máximo, y el plazo debe dividirse en partes iguales entre las cuotas.',
  },
  9061: {
    en: 'The sample amount or term lies outside this pricing ({field}).',
    es: 'El monto o el plazo de ejemplo queda fuera de esta tarifa ({field}).',
  },
  9062: {
    en: 'The credit policy does not hold together ({field}): the youngest age must not exceed the oldest, and the referral score must not exceed the approval score.',
    es: 'La política de crédito no es coherente ({field}): la edad mínima no debe superar la máxima, y el puntaje para revisión no debe superar el de aprobación.',
  },
  9063: { en: 'There is no such payment channel.', es: 'No existe ese canal de pago.' },
  9064: {
    en: "A payment channel's largest payment must not be below its smallest.",
    es: 'El pago máximo de un canal no debe ser menor que su pago mínimo.',
  },
  9065: { en: 'There is no such product.', es: 'No existe ese producto.' },
  9066: {
    en: "A market's phone numbers must be of that market's country ({field}): +52 for Mexico, +91 for India.",
    es: 'Los teléfonos de un mercado deben ser de su país ({field}): +52 para México, +91 para India.',
  },
  9067: {
    en: 'The buckets must cover every day past due once ({field}): the first from day 1, each starting the day after the one before ends, only the last open-ended, each with its own code.',
    es: 'Los tramos deben cubrir cada día de atraso una sola vez ({field}): el primero desde el día 1, cada uno empezando el día siguiente al fin del anterior, solo el último sin fin, cada uno con su propio código.',
  },
};
