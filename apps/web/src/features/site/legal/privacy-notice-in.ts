import { PRIVACY_ANSWER_DAYS, ProfileLimits } from '@lend/contracts';
import { companyName, list, p, section, type Inline, type LegalContext, type LegalText } from './legal-document';
import { emailLink, MexicoPrivacyPeriods } from './privacy-notice-mx';

/**
 * The periods India's notice promises (docs/decisions/231): every request, a grievance included,
 * answered within 30 days of receipt (the DPDP Rules allow at most 90 for a grievance); the face
 * image deleted as in Mexico; loan records kept as decision 095 keeps them.
 */
export const IndiaPrivacyPeriods = {
  answerDays: PRIVACY_ANSWER_DAYS.IN,
  faceDataDeletionDays: MexicoPrivacyPeriods.faceDataDeletionDays,
  loanRecordYears: 10,
  kycRecordMinYears: 5,
} as const;

const { answerDays, faceDataDeletionDays, loanRecordYears, kycRecordMinYears } = IndiaPrivacyPeriods;
const minAge = ProfileLimits.minAgeYears;

/** The Grievance Officer as India's lender facts name them (docs/decisions/230), or the words for "our Grievance Officer". */
function grievanceOfficer(context: LegalContext, fallback: string, labels: { email: string; phone: string }): Inline[] {
  const company = context.company;
  if (!company) return [fallback];
  return [
    `${company.complaintsOfficer}, ${company.complaintsAddress}. ${labels.email}: `,
    { text: company.complaintsEmail, href: `mailto:${company.complaintsEmail}` },
    `; ${labels.phone}: ${company.complaintsPhone}`,
  ];
}

function registration(context: LegalContext, words: { cin: string; rbi: string }): Inline[] {
  const company = context.company;
  return company ? [`, ${company.address}. ${words.cin} ${company.cin}; ${words.rbi} ${company.nbfcNumber}. `] : ['. '];
}

/**
 * The privacy notice for borrowers in India, in English (the language India's borrowers read) or
 * Spanish, under the Digital Personal Data Protection Act, 2023 and the Digital Personal Data
 * Protection Rules, 2025: the lender in India is the Data Fiduciary.
 */
export const indiaPrivacyNotice: LegalText = {
  en: (context) => {
    const fiduciary = companyName(context);
    const officer = grievanceOfficer(context, 'our Grievance Officer, whose contact details are shown in the app', { email: 'E-mail', phone: 'phone' });
    return {
      title: 'Privacy Policy',
      intro: [
        p(
          `${fiduciary} ("we") is the Data Fiduciary for the personal data you give us through the ${context.brand} app and this site. This notice tells our borrowers in India what personal data we collect, for which purposes, who receives it, how long we keep it, and how you exercise your rights under the Digital Personal Data Protection Act, 2023 and the Digital Personal Data Protection Rules, 2025.`,
        ),
      ],
      sections: [
        section(
          '1. Who we are',
          p(
            fiduciary,
            ...registration(context, { cin: 'Corporate identity number', rbi: 'registered with the Reserve Bank of India as a non-banking financial company,' }),
            'Privacy contact: ',
            emailLink(context, 'customer service'),
            '.',
          ),
        ),
        section(
          '2. Personal data we collect',
          list(
            'Identity: your name, date of birth, PAN and the last 4 digits of your Aadhaar number. We never ask for or keep your full Aadhaar number.',
            'Identity photos: photos of the front and back of your ID and a selfie taken in the app.',
            'Contact: your mobile number and your address with its PIN code.',
            'Employment and income: how you are employed, your employer, your monthly income and what you pay each month on other debts.',
            'Bank account: the account number, IFSC and account holder name the loan is paid into.',
            'Loans: your applications, credit decisions, agreements, repayments and complaints.',
            'Device: device identifier, model, operating system, app version and IP address.',
          ),
          p('We never read your messages, photos, contacts, call log or location.'),
        ),
        section(
          '3. Why we use it',
          list(
            'to verify your identity and your bank account (KYC) and prevent fraud;',
            'to assess your application, including a report from a credit information company, and decide on it;',
            'to pay the loan into your account, collect repayments and keep your loan account;',
            'to answer your questions, complaints and grievances;',
            'to meet our duties under Indian law, including the Reserve Bank of India’s directions, the anti-money-laundering rules and reporting to credit information companies;',
            'only if you agree, to tell you about new offers.',
          ),
        ),
        section(
          '4. Your consent and how to withdraw it',
          p(
            'We ask for your consent in the app for each purpose, in a separate step for each: this notice, the credit report, your electronic signature, text messages and device data. Where the law lets us process data without consent (to meet a legal duty, for instance), we say so above.',
          ),
          p(
            'You can withdraw a consent at any time, as easily as you gave it: turn offers or reminders off in the privacy centre, withdraw text messages or device data in the app menu, withdraw the credit report or the electronic signature there until a loan has used them, and withdraw your consent to this notice by deleting your account in the privacy centre. Withdrawing does not make unlawful what was done before it. After it we, and those who process data for us, stop processing the data for that purpose unless the law requires us to keep it; without a consent a loan needs, we cannot give you a new loan, and a loan you have must still be repaid.',
          ),
        ),
        section(
          '5. Face data',
          p(
            `The selfie is used only to check that you are the person on your ID when you apply. It is deleted within ${faceDataDeletionDays} days of the check and is never used for any other purpose.`,
          ),
        ),
        section(
          '6. Who receives your data',
          list(
            'credit information companies (credit bureaus), for your credit report and to report your loan as the law requires;',
            'banks and payment providers that pay the loan into your account and collect your repayments;',
            'identity and bank-account verification (KYC) partners;',
            'service providers that host our systems or send our text messages, bound by contract to process the data only on our instructions and to protect it;',
            'the Reserve Bank of India, other authorities and courts, when the law requires.',
          ),
          p('We do not sell your data. If a service provider processes it outside India, we send it only to a country the Government of India has not restricted under the Act.'),
        ),
        section(
          '7. How long we keep it',
          p(
            `We keep your data only as long as the purposes above need it or the law requires. Your loan records (agreements, repayments and accounting) are kept for ${loanRecordYears} years after the loan is settled or rejected; the records of your identity that the KYC and anti-money-laundering rules require are kept for as long as those rules say, at least ${kycRecordMinYears} years after our relationship ends. When you delete your account we erase at once your name, phone number, profile, photos, bank accounts, device records, complaint texts and messages, and keep only what the law requires.`,
          ),
        ),
        section(
          '8. Your rights',
          list(
            'Access: a summary of the personal data we hold about you and of how we process it, and who we shared it with and what;',
            'Correction and erasure: to have your data corrected, completed or updated, and erased when it is no longer needed for its purpose and no law requires us to keep it;',
            'Grievance redressal: to have a grievance about how we handled your data answered by us;',
            'Nomination: to nominate a person who will exercise these rights for you if you die or become unable to.',
          ),
          p(
            'To exercise them, use "Your rights (DPDP Act)" in the privacy centre of the app, or write to our Grievance Officer (below). We may ask you to confirm who you are before we answer. Exercising your rights is free.',
          ),
          p(
            `We answer every request, a grievance included, within ${answerDays} days of receiving it; the privacy centre shows the date. If a correction or erasure is in your favour, we make it, and those who process the data for us do the same.`,
          ),
        ),
        section('9. Grievance Officer', p('Our Grievance Officer answers questions and grievances about your personal data and your loans: ', ...officer, '.')),
        section(
          '10. The Data Protection Board of India',
          p(
            'If you are not satisfied with our answer to your grievance, or we do not answer it in time, you may complain to the Data Protection Board of India. The Board expects you to raise the grievance with us first.',
          ),
        ),
        section(
          '11. Children',
          p(
            `We lend only to adults: the app accepts no applicant under ${minAge}, and we do not knowingly process the personal data of children. If you believe we hold a child's data, tell our Grievance Officer and we will erase it.`,
          ),
        ),
        section(
          '12. Your duties',
          p(
            'The Act asks you, when you use your rights and our services, to give true and complete information, not to pretend to be someone else, not to hide material information from documents you give, and not to file false or frivolous grievances.',
          ),
        ),
        section(
          '13. How we protect it',
          p(
            'We keep your data on protected systems, encrypt it in transit, give access only to staff who need it and keep records of that access. If a breach of your personal data happens, we tell you and the Data Protection Board of India as the Act and the Rules require.',
          ),
        ),
        section(
          '14. Cookies, language and changes',
          p('This site and the app use only the storage they need to work; we use no advertising or tracking cookies.'),
          p('You may ask us for this notice in English or in any language of the Eighth Schedule to the Constitution of India.'),
          p(
            'We publish any change to this notice on our website',
            ...(context.company ? [' ', { text: context.company.site, href: context.company.site }] : []),
            ' and in the app before it takes effect, and ask for your consent again where a change needs it.',
          ),
        ),
      ],
    };
  },
  es: (context) => {
    const fiduciary = companyName(context);
    const officer = grievanceOfficer(context, 'nuestro Oficial de Quejas, cuyos datos de contacto se muestran en la app', { email: 'Correo', phone: 'teléfono' });
    return {
      title: 'Política de privacidad',
      intro: [
        p(
          `${fiduciary} («nosotros») es el Fiduciario de Datos (Data Fiduciary) de los datos personales que usted nos proporciona a través de la app ${context.brand} y de este sitio. Este aviso explica a nuestros clientes en la India qué datos personales recabamos, para qué, quién los recibe, cuánto tiempo los conservamos y cómo ejercer sus derechos conforme a la Ley de Protección de Datos Personales Digitales de 2023 (Digital Personal Data Protection Act, 2023) y su Reglamento de 2025 (Digital Personal Data Protection Rules, 2025).`,
        ),
      ],
      sections: [
        section(
          '1. Quiénes somos',
          p(
            fiduciary,
            ...registration(context, { cin: 'Número de identidad corporativa (CIN)', rbi: 'registrada ante el Banco de Reserva de la India como sociedad financiera no bancaria (NBFC),' }),
            'Contacto de privacidad: ',
            emailLink(context, 'atención al cliente'),
            '.',
          ),
        ),
        section(
          '2. Datos personales que recabamos',
          list(
            'Identidad: su nombre, fecha de nacimiento, PAN y los últimos 4 dígitos de su número Aadhaar. Nunca pedimos ni guardamos su número Aadhaar completo.',
            'Fotos de identificación: fotos del frente y del reverso de su identificación y una selfie tomada en la app.',
            'Contacto: su número de celular y su domicilio con su código PIN.',
            'Empleo e ingresos: su situación laboral, su empleador, su ingreso mensual y lo que paga cada mes por otras deudas.',
            'Cuenta bancaria: el número de cuenta, el IFSC y el titular de la cuenta donde se deposita el préstamo.',
            'Préstamos: sus solicitudes, decisiones de crédito, contratos, pagos y quejas.',
            'Dispositivo: identificador, modelo y sistema operativo del dispositivo, versión de la app y dirección IP.',
          ),
          p('Nunca leemos sus mensajes, fotos, contactos, registro de llamadas ni ubicación.'),
        ),
        section(
          '3. Para qué los usamos',
          list(
            'verificar su identidad y su cuenta bancaria (KYC) y prevenir fraudes;',
            'evaluar su solicitud, incluido un informe de una empresa de información crediticia, y decidir sobre ella;',
            'depositar el préstamo en su cuenta, cobrar los pagos y llevar su cuenta;',
            'atender sus preguntas, reclamaciones y quejas;',
            'cumplir nuestras obligaciones conforme a la ley de la India, incluidas las directrices del Banco de Reserva de la India, las reglas contra el lavado de dinero y los reportes a las empresas de información crediticia;',
            'solo si usted lo acepta, informarle de nuevas ofertas.',
          ),
        ),
        section(
          '4. Su consentimiento y cómo retirarlo',
          p(
            'Le pedimos su consentimiento en la app para cada finalidad, en un paso distinto para cada una: este aviso, el informe de crédito, su firma electrónica, los mensajes de texto y los datos del dispositivo. Donde la ley nos permite tratar datos sin consentimiento (para cumplir una obligación legal, por ejemplo), lo decimos arriba.',
          ),
          p(
            'Puede retirar un consentimiento en cualquier momento, con la misma facilidad con que lo dio: desactive las ofertas o los recordatorios en el centro de privacidad, retire los mensajes de texto o los datos del dispositivo en el menú de la app, retire ahí el informe de crédito o la firma electrónica mientras ningún préstamo los haya usado, y retire su consentimiento a este aviso eliminando su cuenta en el centro de privacidad. Retirarlo no vuelve ilícito lo realizado antes. Después, nosotros y quienes tratan datos por nuestra cuenta dejamos de tratarlos para ese fin, salvo que la ley nos obligue a conservarlos; sin un consentimiento que un préstamo necesita no podemos otorgarle uno nuevo, y un préstamo que ya tiene debe pagarse.',
          ),
        ),
        section(
          '5. Datos faciales',
          p(
            `La selfie se usa solo para comprobar que usted es la persona de su identificación al solicitar. Se elimina dentro de los ${faceDataDeletionDays} días posteriores a la verificación y nunca se usa para otro fin.`,
          ),
        ),
        section(
          '6. Quién recibe sus datos',
          list(
            'empresas de información crediticia (burós de crédito), para su informe de crédito y para reportar su préstamo como lo exige la ley;',
            'bancos y proveedores de pago que depositan el préstamo en su cuenta y cobran sus pagos;',
            'socios de verificación de identidad y de cuentas bancarias (KYC);',
            'prestadores de servicios que alojan nuestros sistemas o envían nuestros mensajes de texto, obligados por contrato a tratar los datos solo según nuestras instrucciones y a protegerlos;',
            'el Banco de Reserva de la India, otras autoridades y los tribunales, cuando la ley lo exige.',
          ),
          p(
            'No vendemos sus datos. Si un prestador de servicios los trata fuera de la India, solo los enviamos a un país que el Gobierno de la India no haya restringido conforme a la Ley.',
          ),
        ),
        section(
          '7. Cuánto tiempo los conservamos',
          p(
            `Conservamos sus datos solo mientras lo necesiten las finalidades anteriores o lo exija la ley. Los registros de sus préstamos (contratos, pagos y contabilidad) se conservan ${loanRecordYears} años después de que el préstamo se liquida o se rechaza; los registros de su identidad que exigen las reglas de KYC y contra el lavado de dinero se conservan el tiempo que esas reglas indican, al menos ${kycRecordMinYears} años después de que termina nuestra relación. Cuando elimina su cuenta borramos de inmediato su nombre, número de teléfono, perfil, fotos, cuentas bancarias, registros de dispositivos, textos de quejas y mensajes, y conservamos solo lo que exige la ley.`,
          ),
        ),
        section(
          '8. Sus derechos',
          list(
            'Acceso: un resumen de los datos personales que tenemos sobre usted y de cómo los tratamos, y con quién los compartimos y cuáles;',
            'Corrección y supresión: que sus datos se corrijan, completen o actualicen, y que se supriman cuando ya no se necesiten para su finalidad y ninguna ley nos obligue a conservarlos;',
            'Atención de quejas: que respondamos una queja sobre cómo tratamos sus datos;',
            'Designación: designar a una persona que ejerza estos derechos por usted si fallece o queda incapacitado.',
          ),
          p(
            'Para ejercerlos, use «Sus derechos (Ley DPDP)» en el centro de privacidad de la app, o escriba a nuestro Oficial de Quejas (abajo). Podemos pedirle que confirme su identidad antes de responder. Ejercer sus derechos es gratuito.',
          ),
          p(
            `Respondemos cada solicitud, incluidas las quejas, dentro de los ${answerDays} días siguientes a su recepción; el centro de privacidad muestra la fecha. Si una corrección o supresión procede, la hacemos, y quienes tratan los datos por nuestra cuenta hacen lo mismo.`,
          ),
        ),
        section(
          '9. Oficial de Quejas (Grievance Officer)',
          p('Nuestro Oficial de Quejas atiende preguntas y quejas sobre sus datos personales y sus préstamos: ', ...officer, '.'),
        ),
        section(
          '10. La Junta de Protección de Datos de la India',
          p(
            'Si no está conforme con nuestra respuesta a su queja, o no la respondemos a tiempo, puede acudir a la Junta de Protección de Datos de la India (Data Protection Board of India). La Junta espera que primero presente la queja ante nosotros.',
          ),
        ),
        section(
          '11. Menores de edad',
          p(
            `Solo prestamos a adultos: la app no acepta solicitantes menores de ${minAge} años y no tratamos a sabiendas datos personales de menores. Si cree que tenemos datos de un menor, avise a nuestro Oficial de Quejas y los suprimiremos.`,
          ),
        ),
        section(
          '12. Sus deberes',
          p(
            'La Ley le pide, al ejercer sus derechos y usar nuestros servicios, dar información verdadera y completa, no hacerse pasar por otra persona, no ocultar información relevante en los documentos que entrega y no presentar quejas falsas o sin fundamento.',
          ),
        ),
        section(
          '13. Cómo los protegemos',
          p(
            'Guardamos sus datos en sistemas protegidos, los ciframos en tránsito, damos acceso solo al personal que lo necesita y registramos ese acceso. Si ocurre una vulneración de sus datos personales, se lo informamos a usted y a la Junta de Protección de Datos de la India como lo exigen la Ley y su Reglamento.',
          ),
        ),
        section(
          '14. Cookies, idioma y cambios',
          p('Este sitio y la app usan solo el almacenamiento que necesitan para funcionar; no usamos cookies de publicidad ni de rastreo.'),
          p('Puede pedirnos este aviso en inglés o en cualquier idioma del Octavo Anexo de la Constitución de la India.'),
          p(
            'Publicamos cualquier cambio a este aviso en nuestro sitio web',
            ...(context.company ? [' ', { text: context.company.site, href: context.company.site }] : []),
            ' y en la app antes de que surta efecto, y le pedimos de nuevo su consentimiento cuando un cambio lo requiere.',
          ),
        ),
      ],
    };
  },
};
