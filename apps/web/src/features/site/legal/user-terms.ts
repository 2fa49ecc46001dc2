import { companyName, list, p, section, type LegalText } from './legal-document';

/** The user agreement of the app and the site (`/User`). */
export const userTerms: LegalText = {
  en: (context) => {
    const company = companyName(context);
    return {
      title: 'User agreement',
      intro: [p(`This agreement governs your use of the ${context.brand} app and this site, operated by ${company}. By creating an account you accept it.`)],
      sections: [
        section('1. Your account', p('You open one account with your own mobile number. You are responsible for what is done with your phone and your verification codes; tell us at once if you think someone else has used them.')),
        section(
          '2. True information',
          p('You give true, complete and current information and keep it up to date. We may verify it and refuse or close an account whose information is false.'),
        ),
        section(
          '3. Loans',
          p('Each loan is governed by its own agreement and by the Loan Terms And Conditions. The app shows every amount and date before you confirm a loan, and nothing is lent until you confirm.'),
        ),
        section(
          '4. Fair use',
          list(
            'Do not use the app or site for anything unlawful or on behalf of someone else.',
            'Do not try to break, overload or get around the security of our services.',
            'Do not copy or resell our services or content.',
          ),
        ),
        section('5. Messages from us', p('We send you messages about your account and loans by SMS, e-mail or in the app. Offers are sent only if you have not refused them.')),
        section('6. Your data', p('We handle your personal data as the Privacy Policy explains.')),
        section(
          '7. Availability and liability',
          p('We work to keep the services available but cannot promise they never stop. We are not liable for losses caused by events beyond our control or by misuse of your device.'),
        ),
        section('8. Closing your account', p('You may close your account once every loan is repaid. We may suspend an account used against this agreement.')),
        section('9. Changes', p('We announce changes to this agreement in the app before they take effect. If you do not accept them, you may close your account.')),
      ],
    };
  },
  es: (context) => {
    const company = companyName(context);
    return {
      title: 'Acuerdo de usuario',
      intro: [p(`Este acuerdo rige el uso de la app ${context.brand} y de este sitio, operados por ${company}. Al crear una cuenta usted lo acepta.`)],
      sections: [
        section('1. Su cuenta', p('Usted abre una sola cuenta con su propio número de celular. Es responsable de lo que se haga con su teléfono y sus códigos de verificación; avísenos de inmediato si cree que alguien más los usó.')),
        section(
          '2. Información verdadera',
          p('Usted proporciona información verdadera, completa y vigente, y la mantiene actualizada. Podemos verificarla y rechazar o cerrar una cuenta cuya información sea falsa.'),
        ),
        section(
          '3. Préstamos',
          p('Cada préstamo se rige por su propio contrato y por los Términos y condiciones del préstamo. La app muestra cada monto y fecha antes de confirmar un préstamo, y nada se presta hasta que usted confirma.'),
        ),
        section(
          '4. Uso correcto',
          list(
            'No use la app ni el sitio para fines ilícitos ni en nombre de otra persona.',
            'No intente dañar, saturar ni eludir la seguridad de nuestros servicios.',
            'No copie ni revenda nuestros servicios o contenidos.',
          ),
        ),
        section('5. Nuestros mensajes', p('Le enviamos mensajes sobre su cuenta y sus préstamos por SMS, correo o en la app. Las ofertas se envían solo si usted no las ha rechazado.')),
        section('6. Sus datos', p('Tratamos sus datos personales como lo explica la Política de privacidad.')),
        section(
          '7. Disponibilidad y responsabilidad',
          p('Trabajamos para mantener los servicios disponibles, pero no podemos prometer que nunca se interrumpan. No respondemos por pérdidas causadas por hechos fuera de nuestro control o por el mal uso de su dispositivo.'),
        ),
        section('8. Cierre de su cuenta', p('Puede cerrar su cuenta cuando todos sus préstamos estén pagados. Podemos suspender una cuenta usada en contra de este acuerdo.')),
        section('9. Cambios', p('Anunciamos los cambios a este acuerdo en la app antes de que surtan efecto. Si no los acepta, puede cerrar su cuenta.')),
      ],
    };
  },
};
