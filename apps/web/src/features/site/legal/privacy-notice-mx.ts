import { PRIVACY_ANSWER_DAYS, SiteRoute } from '@lend/contracts';
import { companyName, list, p, section, type LegalContext, type LegalText } from './legal-document';

/**
 * The periods Mexico's notice promises (docs/decisions/043, 096, 231): the answer within 20 days of
 * receipt and its effect within 15 days, as the federal law of 20 March 2025 keeps them; what is
 * missing from a request asked for within 5 working days and given within 10.
 */
export const MexicoPrivacyPeriods = {
  faceDataDeletionDays: 30,
  answerDays: PRIVACY_ANSWER_DAYS.MX,
  effectWorkingDays: 15,
  deficiencyNoticeWorkingDays: 5,
  deficiencyFixWorkingDays: 10,
} as const;

const { faceDataDeletionDays, answerDays, effectWorkingDays, deficiencyNoticeWorkingDays, deficiencyFixWorkingDays } = MexicoPrivacyPeriods;

export function emailLink(context: LegalContext, fallback: string) {
  return context.company ? { text: context.company.email, href: context.company.emailHref } : fallback;
}

/**
 * The privacy notice for borrowers in Mexico (aviso de privacidad integral), in English or Spanish,
 * under the Ley Federal de Protección de Datos Personales en Posesión de los Particulares published
 * in the DOF on 20 March 2025; the Secretaría Anticorrupción y Buen Gobierno took over INAI's role.
 */
export const mexicoPrivacyNotice: LegalText = {
  en: (context) => {
    const controller = companyName(context);
    return {
      title: 'Privacy Policy',
      intro: [
        p(
          `${controller} ("we") is responsible for the personal data you give us through the ${context.brand} app and this site. This notice explains, for our users in Mexico, what data we collect, why, who receives it and how you exercise your rights under the Federal Law on the Protection of Personal Data Held by Private Parties (Ley Federal de Protección de Datos Personales en Posesión de los Particulares) published in Mexico's Official Gazette (Diario Oficial de la Federación) on 20 March 2025.`,
        ),
      ],
      sections: [
        section(
          '1. Who is responsible',
          p(controller, ...(context.company ? [`, ${context.company.address}. Privacy contact: `, emailLink(context, ''), '.'] : ['.'])),
        ),
        section(
          '2. Data we collect',
          list(
            'Identification: full name, date of birth, national ID numbers (CURP, RFC) and a photo of your ID.',
            'Contact: mobile phone number, home address and, if you write to us, your e-mail.',
            'Financial and patrimonial: bank account (CLABE), income, employment and repayment history.',
            'Device: device identifier, operating system, app version and IP address.',
            'Face image: a photo taken in the app to check that you are the person on the ID.',
          ),
          p(
            'The face image is the only sensitive data we collect. We never read your messages, photos, contacts, call log or location. You give your express consent to the use of your financial and patrimonial data and of the face image when you accept this notice in the app.',
          ),
        ),
        section(
          '3. Why we use it',
          p('Necessary purposes, without which we cannot give you a loan:'),
          list(
            'verify your identity and prevent fraud;',
            'assess your application and decide on it;',
            'send you the money, collect repayments and keep your account;',
            'answer your questions and complaints;',
            'meet our legal duties, including anti-money-laundering rules.',
          ),
          p(
            'Voluntary purposes, only with your consent: improving our services and telling you about new offers. You may refuse them, or withdraw your consent, at any time in the app or by writing to us; refusing does not affect your loan.',
          ),
        ),
        section(
          '4. Face data',
          p(
            `The face image is used only to confirm your identity when you apply. It is deleted within ${faceDataDeletionDays} days of the check and is never shared for any other purpose.`,
          ),
        ),
        section(
          '5. Who receives your data',
          p(
            'Credit bureaus (only with your authorisation), banks and payment providers that move your money, service providers bound by contract to protect it, and authorities when the law requires. We do not sell your data.',
          ),
        ),
        section(
          '6. Your ARCO rights',
          p(
            'You may Access your data, ask us to Rectify it, Cancel it or Oppose a use of it, and you may revoke your consent or limit how we use or disclose your data.',
          ),
          p(
            'To do so, use the privacy centre in the app or write to ',
            emailLink(context, 'customer service'),
            " with your full name, a copy of your ID (or your representative's power), the right you exercise and the data concerned, and an e-mail address for our answer.",
          ),
          p(
            `We answer within ${answerDays} days of receiving your request. If the answer is in your favour, it takes effect within ${effectWorkingDays} working days of our answer.`,
          ),
          p(
            `If a request is incomplete, we tell you what is missing within ${deficiencyNoticeWorkingDays} working days, and you have ${deficiencyFixWorkingDays} working days to complete it; the time to answer counts from the day it is complete.`,
          ),
        ),
        section(
          '7. How we protect it',
          p(
            'We keep your data on protected systems, encrypt it in transit, give access only to staff who need it, and keep it only as long as the loan and the law require.',
          ),
        ),
        section('8. Cookies', p('This site and the app use only the storage they need to work. We use no advertising or tracking cookies.')),
        section(
          '9. Changes to this notice',
          p(
            'We publish any change on our website',
            ...(context.company ? [' ', { text: context.company.site, href: context.company.site }] : []),
            ' and in the app before it takes effect.',
          ),
        ),
        section(
          '10. Complaints',
          p(
            'If you believe your rights were not respected, or we did not answer your request in time, you may ask for the protection of your rights before the Anti-Corruption and Good Government Ministry (Secretaría Anticorrupción y Buen Gobierno), the federal authority that took over the data-protection role of the former INAI.',
          ),
        ),
      ],
    };
  },
  es: (context) => {
    const controller = companyName(context);
    return {
      title: 'Política de privacidad',
      intro: [
        p(
          `${controller} («nosotros») es responsable de los datos personales que usted nos proporciona a través de la app ${context.brand} y de este sitio. Este aviso explica a nuestros usuarios en México qué datos recabamos, para qué, quién los recibe y cómo ejercer sus derechos conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares publicada en el Diario Oficial de la Federación el 20 de marzo de 2025.`,
        ),
      ],
      sections: [
        section(
          '1. Responsable',
          p(controller, ...(context.company ? [`, ${context.company.address}. Contacto de privacidad: `, emailLink(context, ''), '.'] : ['.'])),
        ),
        section(
          '2. Datos que recabamos',
          list(
            'Identificación: nombre completo, fecha de nacimiento, CURP, RFC y una foto de su identificación.',
            'Contacto: número de celular, domicilio y, si nos escribe, su correo electrónico.',
            'Financieros y patrimoniales: cuenta bancaria (CLABE), ingresos, empleo e historial de pagos.',
            'Dispositivo: identificador del dispositivo, sistema operativo, versión de la app y dirección IP.',
            'Imagen facial: una foto tomada en la app para comprobar que usted es la persona de la identificación.',
          ),
          p(
            'La imagen facial es el único dato sensible que recabamos. Nunca leemos sus mensajes, fotos, contactos, registro de llamadas ni ubicación. Usted otorga su consentimiento expreso para el tratamiento de sus datos financieros y patrimoniales y de la imagen facial al aceptar este aviso en la app.',
          ),
        ),
        section(
          '3. Para qué los usamos',
          p('Finalidades necesarias, sin las cuales no podemos otorgarle un préstamo:'),
          list(
            'verificar su identidad y prevenir fraudes;',
            'evaluar su solicitud y decidir sobre ella;',
            'enviarle el dinero, cobrar los pagos y llevar su cuenta;',
            'atender sus preguntas y quejas;',
            'cumplir nuestras obligaciones legales, incluidas las de prevención de lavado de dinero.',
          ),
          p(
            'Finalidades voluntarias, solo con su consentimiento: mejorar nuestros servicios e informarle de nuevas ofertas. Puede negarse a ellas, o revocar su consentimiento, en cualquier momento en la app o escribiéndonos; negarse no afecta su préstamo.',
          ),
        ),
        section(
          '4. Datos faciales',
          p(
            `La imagen facial se usa solo para confirmar su identidad al solicitar. Se elimina dentro de los ${faceDataDeletionDays} días posteriores a la verificación y nunca se comparte para otro fin.`,
          ),
        ),
        section(
          '5. Quién recibe sus datos',
          p(
            'Sociedades de información crediticia (solo con su autorización), bancos y proveedores de pago que mueven su dinero, prestadores de servicios obligados por contrato a protegerlos, y autoridades cuando la ley lo exige. No vendemos sus datos.',
          ),
        ),
        section(
          '6. Sus derechos ARCO',
          p(
            'Usted puede Acceder a sus datos, pedirnos que los Rectifiquemos, Cancelarlos u Oponerse a un uso de ellos, y puede revocar su consentimiento o limitar el uso o la divulgación de sus datos.',
          ),
          p(
            'Para ello, use el centro de privacidad de la app o escriba a ',
            emailLink(context, 'atención al cliente'),
            ' con su nombre completo, copia de su identificación (o el poder de su representante), el derecho que ejerce y los datos de que se trata, y un correo para nuestra respuesta.',
          ),
          p(
            `Respondemos dentro de los ${answerDays} días siguientes a la recepción de su solicitud. Si la respuesta es procedente, se hace efectiva dentro de los ${effectWorkingDays} días hábiles siguientes a nuestra respuesta.`,
          ),
          p(
            `Si la solicitud está incompleta, le indicamos lo que falta dentro de ${deficiencyNoticeWorkingDays} días hábiles, y usted tiene ${deficiencyFixWorkingDays} días hábiles para completarla; el plazo de respuesta corre desde el día en que esté completa.`,
          ),
        ),
        section(
          '7. Cómo los protegemos',
          p(
            'Guardamos sus datos en sistemas protegidos, los ciframos en tránsito, damos acceso solo al personal que lo necesita y los conservamos solo el tiempo que exigen el préstamo y la ley.',
          ),
        ),
        section('8. Cookies', p('Este sitio y la app usan solo el almacenamiento que necesitan para funcionar. No usamos cookies de publicidad ni de rastreo.')),
        section(
          '9. Cambios a este aviso',
          p('Publicamos cualquier cambio en nuestro ', { text: 'sitio web', href: SiteRoute.home }, ' y en la app antes de que surta efecto.'),
        ),
        section(
          '10. Quejas',
          p(
            'Si considera que sus derechos no fueron respetados, o que no respondimos su solicitud a tiempo, puede solicitar la protección de sus derechos ante la Secretaría Anticorrupción y Buen Gobierno, la autoridad federal que asumió las funciones de protección de datos del extinto INAI.',
          ),
        ),
      ],
    };
  },
};
