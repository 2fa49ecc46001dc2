import type { Language } from './language';

/** Error codes of collections: conduct rules, promises to pay, the queue (docs/decisions/243). */
export const CollectionsErrorCode = {
  /** A contact outside the market's hours in the borrower's time zone. */
  CollectionOutsideHours: 9300,
  /** The borrower was contacted as often as the market allows today. */
  CollectionDailyCap: 9301,
  /** The borrower was contacted as often as the market allows in seven days. */
  CollectionWeeklyCap: 9302,
  /** The order is not late: there is nothing to collect. */
  CollectionOrderNotLate: 9303,
  /** A promise's date before today or beyond the market's limit. */
  PromiseDateOutOfRange: 9304,
  /** A promise's amount of nothing, or more than is owed. */
  PromiseAmountOutOfRange: 9305,
  /** The order is another agent's. */
  CollectionOrderTaken: 9306,
  /** No such agent among the active staff. */
  CollectionAgentUnknown: 9307,
  /** A write-off of an order that is not paid out and late, or owes nothing (docs/decisions/244). */
  WriteOffNotAllowed: 9308,
  /** The order is written off already. */
  AlreadyWrittenOff: 9309,
  /** A settlement on an order that is not paid out and late, or owes nothing (docs/decisions/245). */
  SettlementNotAllowed: 9310,
  /** A settlement's amount of nothing, or not below what is owed. */
  SettlementAmountOutOfRange: 9311,
  /** A settlement's expiry before today or beyond `SETTLEMENT_MAX_DAYS`. */
  SettlementExpiryOutOfRange: 9312,
  /** The order has an open settlement already. */
  SettlementOpenAlready: 9313,
  /** The officer who offered a settlement cannot approve or decline it: a second person does. */
  SettlementSamePerson: 9314,
  /** The settlement is not in a state that allows this (decided, accepted, closed or lapsed). */
  SettlementNotOpen: 9315,
  /** The borrower accepted a text other than the offer's now (it changed since it was shown). */
  SettlementTextChanged: 9316,
  /** The SMS provider did not take a workspace message: nothing was sent or recorded (docs/decisions/246). */
  CollectionMessageNotSent: 9320,
  /** The promise template with no open promise on the order to remind of. */
  CollectionMessageNoPromise: 9321,
  /** A second request for a payment plan while one waits for an answer (docs/decisions/248). */
  PlanRequestOpen: 9322,
  /** A plan's amount of nothing, or more than is owed. */
  PlanAmountOutOfRange: 9323,
  /** No such agency, an inactive one, or one of another market (docs/decisions/249). */
  AgencyUnavailable: 9324,
  /** Mexico's agencies must carry their REDECO registration. */
  AgencyRegistrationMissing: 9325,
  /** The order is with an agency already; recall it first. */
  OrderWithAgency: 9326,
  /** The order is not with an agency. */
  OrderNotWithAgency: 9327,
  /** A plan on an order that is not paid out, late enough, on the books and owing (docs/decisions/250). */
  PlanNotAllowed: 9328,
  /** The order has had as many plans as its product allows. */
  PlanLimitReached: 9329,
  /** The order has an open plan already, or an open settlement. */
  PlanOpenAlready: 9330,
  /** A plan's count of installments or first due date out of range. */
  PlanTermsOutOfRange: 9331,
  /** The plan is not in a state that allows this (accepted, withdrawn, lapsed, broken, kept). */
  PlanNotOpen: 9332,
  /** The borrower accepted a text other than the plan's now. */
  PlanTextChanged: 9333,
  /** An extension on an order under a payment plan. */
  PlanNoExtension: 9334,
} as const;
export type CollectionsErrorCodeValue = (typeof CollectionsErrorCode)[keyof typeof CollectionsErrorCode];

export const COLLECTIONS_ERROR_HTTP_STATUS: Record<CollectionsErrorCodeValue, number> = {
  9300: 409,
  9301: 429,
  9302: 429,
  9303: 409,
  9304: 400,
  9305: 400,
  9306: 409,
  9307: 400,
  9308: 409,
  9309: 409,
  9310: 409,
  9311: 400,
  9312: 400,
  9313: 409,
  9314: 403,
  9315: 409,
  9316: 409,
  9320: 503,
  9321: 409,
  9322: 409,
  9323: 400,
  9324: 409,
  9325: 400,
  9326: 409,
  9327: 409,
  9328: 409,
  9329: 409,
  9330: 409,
  9331: 400,
  9332: 409,
  9333: 409,
  9334: 409,
};

export const COLLECTIONS_ERROR_MESSAGES: Record<CollectionsErrorCodeValue, Record<Language, string>> = {
  9300: {
    en: 'Not now: the borrower may be contacted only between {field} in their time zone.',
    es: 'Ahora no: solo se puede contactar al acreditado entre {field} en su zona horaria.',
  },
  9301: {
    en: 'The borrower has been contacted {field} times today, the most the rules allow. Try again tomorrow.',
    es: 'Ya se contactó al acreditado {field} veces hoy, el máximo que permiten las reglas. Intente mañana.',
  },
  9302: {
    en: 'The borrower has been contacted {field} times in the last seven days, the most the rules allow.',
    es: 'Ya se contactó al acreditado {field} veces en los últimos siete días, el máximo que permiten las reglas.',
  },
  9303: { en: 'This loan is not late: there is nothing to collect.', es: 'Este préstamo no está en atraso: no hay nada que cobrar.' },
  9304: {
    en: 'Choose a date from today up to {field}.',
    es: 'Elija una fecha desde hoy hasta el {field}.',
  },
  9305: {
    en: 'Promise an amount above zero and no more than what is owed ({field}).',
    es: 'Prometa un monto mayor que cero y no mayor que lo adeudado ({field}).',
  },
  9306: { en: 'Another agent is working this loan.', es: 'Otro agente está trabajando este préstamo.' },
  9307: { en: 'There is no active agent with that id.', es: 'No hay un agente activo con ese identificador.' },
  9308: {
    en: 'Only a loan that was paid out, is late and still owes something can be written off.',
    es: 'Solo se puede castigar un préstamo desembolsado, en atraso y con saldo pendiente.',
  },
  9309: { en: 'This loan is written off already.', es: 'Este préstamo ya está castigado.' },
  9310: {
    en: 'Only a loan that was paid out, is late and still owes something can be settled.',
    es: 'Solo se puede ofrecer un convenio sobre un préstamo desembolsado, en atraso y con saldo pendiente.',
  },
  9311: {
    en: 'Offer an amount above zero and below what is owed ({field}).',
    es: 'Ofrezca un monto mayor que cero y menor que lo adeudado ({field}).',
  },
  9312: { en: 'Choose an expiry from today up to {field}.', es: 'Elija un vencimiento desde hoy hasta el {field}.' },
  9313: { en: 'This loan already has an open settlement.', es: 'Este préstamo ya tiene un convenio abierto.' },
  9314: { en: 'Another person must approve or decline a settlement you offered.', es: 'Otra persona debe aprobar o rechazar un convenio que usted ofreció.' },
  9315: { en: 'This settlement offer is no longer open.', es: 'Esta oferta de convenio ya no está abierta.' },
  9316: {
    en: 'The offer changed since it was shown. Read it again before accepting.',
    es: 'La oferta cambió desde que se mostró. Léala de nuevo antes de aceptar.',
  },
  9320: {
    en: 'The SMS provider did not take the message, so it was not sent and no contact was recorded. Try again later.',
    es: 'El proveedor de SMS no aceptó el mensaje: no se envió ni se registró el contacto. Intente más tarde.',
  },
  9321: { en: 'This loan has no open promise to pay to remind the borrower of.', es: 'Este préstamo no tiene una promesa de pago abierta que recordar al acreditado.' },
  9322: {
    en: 'You already asked for a payment plan on this loan. We will answer it before you can ask again.',
    es: 'Ya pidió un plan de pagos para este préstamo. Le responderemos antes de que pueda pedir otro.',
  },
  9323: { en: 'Enter an amount above zero and no more than what you owe.', es: 'Escriba un monto mayor que cero y no mayor que lo que debe.' },
  9324: { en: 'That agency is not active in this loan’s market.', es: 'Esa agencia no está activa en el mercado de este préstamo.' },
  9325: {
    en: 'A Mexican agency needs its REDECO registration number.',
    es: 'Una agencia en México necesita su número de registro en el REDECO.',
  },
  9326: { en: 'This loan is with an agency already: recall it first.', es: 'Este préstamo ya está con una agencia: primero retírelo.' },
  9327: { en: 'This loan is not with an agency.', es: 'Este préstamo no está con una agencia.' },
  9328: {
    en: 'A payment plan needs a loan that was paid out, is {field} or more days late, is not written off and still owes something.',
    es: 'Un plan de pagos requiere un préstamo desembolsado, con {field} o más días de atraso, no castigado y con saldo pendiente.',
  },
  9329: {
    en: 'This loan has had the most payment plans its product allows ({field}).',
    es: 'Este préstamo ya tuvo el máximo de planes de pago que permite su producto ({field}).',
  },
  9330: {
    en: 'This loan already has an open payment plan or settlement.',
    es: 'Este préstamo ya tiene un plan de pagos o un convenio abierto.',
  },
  9331: {
    en: 'Choose from 2 to {field} installments and a first payment date from tomorrow up to 14 days ahead.',
    es: 'Elija de 2 a {field} pagos y una fecha del primer pago desde mañana hasta dentro de 14 días.',
  },
  9332: { en: 'This payment plan is no longer open.', es: 'Este plan de pagos ya no está abierto.' },
  9333: {
    en: 'The plan changed since it was shown. Read it again before accepting.',
    es: 'El plan cambió desde que se mostró. Léalo de nuevo antes de aceptar.',
  },
  9334: {
    en: 'This loan is under a payment plan: its dates cannot be extended.',
    es: 'Este préstamo tiene un plan de pagos: sus fechas no se pueden extender.',
  },
};
