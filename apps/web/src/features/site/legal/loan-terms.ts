import type { Language } from '@lend/contracts';
import { LOAN_RULES, type Market } from '@lend/domain';
import { LoanTerms } from './loan-terms-figures';
import { companyName, list, p, section, type LegalText } from './legal-document';
import { earlyRepaymentBlocks, extensionBlocks, lateChargeBlocks } from './loan-rules-terms';

const { minTermDays, maxTermDays, decisionDays, creditingDays, noticeDays, assignmentNoticeBusinessDays, judgmentDays } = LoanTerms;

/** What differs between the markets' agreements besides their LOAN_RULES: who may borrow and the tax named. */
const MARKET_WORDS: Record<Market, Record<Language, { residence: string[]; tax: string }>> = {
  IN: {
    en: {
      residence: [
        'You are an Indian national over 18 years of age with full capacity to enter into a contract.',
        'You have a permanent address in India and a bank account in your own name.',
      ],
      tax: 'the tax on interest and commission',
    },
    es: {
      residence: [
        'Usted es de nacionalidad india, mayor de 18 años y tiene plena capacidad para contratar.',
        'Tiene un domicilio permanente en la India y una cuenta bancaria a su nombre.',
      ],
      tax: 'el impuesto sobre bienes y servicios (GST) sobre intereses y comisión',
    },
  },
  MX: {
    en: {
      residence: [
        'You are over 18 years of age, live in Mexico and have full capacity to enter into a contract.',
        'You have a permanent address in Mexico and a bank account in your own name.',
      ],
      tax: 'the value added tax (IVA) on interest and commission',
    },
    es: {
      residence: [
        'Usted es mayor de 18 años, reside en México y tiene plena capacidad para contratar.',
        'Tiene un domicilio permanente en México y una cuenta bancaria a su nombre.',
      ],
      tax: 'el IVA sobre intereses y comisión',
    },
  },
};

/**
 * The loan agreement's general terms (docs/decisions/043, 071, 147): each market's agreement, in
 * either language, with amounts in the market's currency. Late charges, early repayment and
 * extension are written from the market's LOAN_RULES, which the engine charges.
 */
export const loanTerms: LegalText = {
  en: (context) => {
    const lender = companyName(context);
    const rules = LOAN_RULES[context.market];
    const words = MARKET_WORDS[context.market].en;
    return {
      title: 'Loan Terms And Conditions',
      intro: [
        p(
          `These terms apply to every loan that ${lender} (the "Lender") grants through the ${context.brand} app. Each loan also has its own agreement, shown in the app before you confirm it, with its amount, dates and charges.`,
        ),
      ],
      sections: [
        section(
          '1. Who may apply',
          list(
            ...words.residence,
            'You borrow for personal use only, never for business, speculation or any unlawful purpose.',
          ),
        ),
        section(
          '2. Application and decision',
          p(
            `You apply in the app; completing an application takes about 2 hours. The Lender decides within ${decisionDays} day and tells you in the app. The Lender may refuse an application without giving reasons.`,
          ),
        ),
        section(
          '3. Amount, term and cost',
          p(
            `Each loan has a term of ${minTermDays} to ${maxTermDays} calendar days. Before you confirm, the app shows the amount, the commission deducted at disbursal, the interest, ${words.tax}, the amount you receive, the total to repay and the repayment dates. Nothing else is charged while you pay on time.`,
          ),
        ),
        section(
          '4. Crediting',
          p(`Once you accept the loan, the money is credited to your bank account within ${creditingDays.min} to ${creditingDays.max} calendar days.`),
        ),
        section('5. Late payment', ...lateChargeBlocks('en', rules.lateCharges, context)),
        section('6. Early repayment', ...earlyRepaymentBlocks('en', rules.earlyRepayment, rules.coolingOff)),
        section('7. Prolongation', ...extensionBlocks('en', rules.extension)),
        section(
          '8. Your duties',
          p(
            `Tell the Lender of any change in your name, date of birth or address within ${noticeDays} calendar days. Keep your phone, app and verification codes to yourself.`,
          ),
        ),
        section(
          '9. Assignment',
          p(`The Lender may assign its rights under a loan to a third party after giving you ${assignmentNoticeBusinessDays} business days' notice.`),
        ),
        section(
          '10. Disputes and judgments',
          p(
            `Any amount awarded against you by a court must be paid within ${judgmentDays} days of the judgment to avoid default. Questions and complaints go first to customer service, which answers every one.`,
          ),
        ),
        section(
          '11. Contact',
          p(
            `${lender}`,
            ...(context.company ? [`, ${context.company.address}. E-mail: `, { text: context.company.email, href: context.company.emailHref }, '.'] : ['.']),
          ),
        ),
      ],
    };
  },
  es: (context) => {
    const lender = companyName(context);
    const rules = LOAN_RULES[context.market];
    const words = MARKET_WORDS[context.market].es;
    return {
      title: 'Términos y condiciones del préstamo',
      intro: [
        p(
          `Estos términos se aplican a cada préstamo que ${lender} (el «Acreditante») otorga a través de la app ${context.brand}. Cada préstamo tiene además su propio contrato, que se muestra en la app antes de confirmarlo, con su monto, fechas y cargos.`,
        ),
      ],
      sections: [
        section(
          '1. Quién puede solicitar',
          list(
            ...words.residence,
            'Pide prestado solo para uso personal, nunca para negocios, especulación ni fines ilícitos.',
          ),
        ),
        section(
          '2. Solicitud y decisión',
          p(
            `Usted solicita en la app; completar una solicitud toma unas 2 horas. El Acreditante decide en un plazo de ${decisionDays} día y se lo informa en la app. El Acreditante puede rechazar una solicitud sin expresar motivos.`,
          ),
        ),
        section(
          '3. Monto, plazo y costo',
          p(
            `Cada préstamo tiene un plazo de ${minTermDays} a ${maxTermDays} días naturales. Antes de confirmar, la app muestra el monto, la comisión que se descuenta al desembolsar, los intereses, ${words.tax}, el monto que recibe, el total a pagar y las fechas de pago. Mientras pague a tiempo no se cobra nada más.`,
          ),
        ),
        section(
          '4. Abono',
          p(`Una vez que acepta el préstamo, el dinero se abona a su cuenta bancaria en un plazo de ${creditingDays.min} a ${creditingDays.max} días naturales.`),
        ),
        section('5. Pago tardío', ...lateChargeBlocks('es', rules.lateCharges, context)),
        section('6. Pago anticipado', ...earlyRepaymentBlocks('es', rules.earlyRepayment, rules.coolingOff)),
        section('7. Prórroga', ...extensionBlocks('es', rules.extension)),
        section(
          '8. Sus obligaciones',
          p(
            `Informe al Acreditante de cualquier cambio de nombre, fecha de nacimiento o domicilio en un plazo de ${noticeDays} días naturales. No comparta su teléfono, su app ni sus códigos de verificación.`,
          ),
        ),
        section(
          '9. Cesión',
          p(`El Acreditante puede ceder sus derechos sobre un préstamo a un tercero después de avisarle con ${assignmentNoticeBusinessDays} días hábiles de anticipación.`),
        ),
        section(
          '10. Controversias y sentencias',
          p(
            `Cualquier monto que un tribunal le ordene pagar debe cubrirse dentro de los ${judgmentDays} días siguientes a la sentencia para evitar el incumplimiento. Las dudas y quejas se atienden primero en atención al cliente, que responde cada una.`,
          ),
        ),
        section(
          '11. Contacto',
          p(
            `${lender}`,
            ...(context.company
              ? [`, ${context.company.address}. Correo electrónico: `, { text: context.company.email, href: context.company.emailHref }, '.']
              : ['.']),
          ),
        ),
      ],
    };
  },
};
