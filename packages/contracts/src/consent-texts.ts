import type { Language } from './language';
import type { PhoneMarket } from './phone';
import { CONSENT_TEXT_VERSIONS, type ConsentKind } from './profile-values';

/**
 * What a borrower reads before accepting each consent, per market and language (docs/decisions/241).
 * Each set is the text of the version `CONSENT_TEXT_VERSIONS` names: changing a text means a new
 * version there, and every borrower accepts the new one. `{lender}` is the market's lender, from its
 * facts.
 */
export type ConsentText = { title: string; body: string };

const MX: Record<ConsentKind, Record<Language, ConsentText>> = {
  'privacy-notice': {
    es: {
      title: 'Aviso de privacidad',
      body: 'Leí el aviso de privacidad de {lender}. Sé qué datos personales trata, para qué, con quién los comparte y cómo ejercer mis derechos de acceso, rectificación, cancelación y oposición desde el centro de privacidad.',
    },
    en: {
      title: 'Privacy notice',
      body: 'I have read the privacy notice of {lender}. I know which personal data it processes, why, with whom it shares them and how to exercise my rights of access, rectification, cancellation and opposition from the privacy centre.',
    },
  },
  'credit-bureau': {
    es: {
      title: 'Consulta al buró de crédito',
      body: 'Autorizo expresamente a {lender} para que lleve a cabo investigaciones sobre mi comportamiento crediticio en las sociedades de información crediticia que estime conveniente. Conozco la naturaleza y alcance de la información que se solicitará, el uso que se le dará y que se podrán realizar consultas periódicas de mi historial crediticio. Esta autorización tiene una vigencia de tres años a partir de hoy y, en su caso, mientras mantengamos una relación jurídica.',
    },
    en: {
      title: 'Credit bureau inquiry',
      body: 'I expressly authorise {lender} to look into my credit history with the credit information companies it sees fit. I know the nature and scope of the information that will be requested, how it will be used, and that my credit history may be consulted periodically. This authorisation is valid for three years from today and, where applicable, while we have a legal relationship.',
    },
  },
  'e-signature': {
    es: {
      title: 'Firma electrónica',
      body: 'Acepto firmar electrónicamente mis contratos con {lender}: confirmar un préstamo con el código que recibo por SMS en mi celular tiene para mí los mismos efectos que mi firma autógrafa, y puedo descargar cada contrato firmado.',
    },
    en: {
      title: 'Electronic signature',
      body: 'I agree to sign my contracts with {lender} electronically: confirming a loan with the code texted to my phone has the same effect for me as my handwritten signature, and I can download each signed contract.',
    },
  },
  sms: {
    es: {
      title: 'Mensajes SMS y promociones',
      body: 'Quiero recibir de {lender} recordatorios y promociones por SMS. Puedo dejar de recibirlos en cualquier momento desde el centro de privacidad.',
    },
    en: {
      title: 'SMS messages and offers',
      body: 'I would like {lender} to text me reminders and offers. I can stop them at any time from the privacy centre.',
    },
  },
  'device-data': {
    es: {
      title: 'Datos del dispositivo para prevenir fraudes',
      body: '{lender} puede guardar el modelo, el sistema y el identificador de mi dispositivo para prevenir fraudes. No recopila mis contactos, registros de llamadas, fotos ni ubicación.',
    },
    en: {
      title: 'Device data for fraud prevention',
      body: '{lender} may keep my device’s model, system and identifier to prevent fraud. It does not collect my contacts, call logs, photos or location.',
    },
  },
};

const IN: Record<ConsentKind, Record<Language, ConsentText>> = {
  'privacy-notice': {
    en: {
      title: 'Privacy notice',
      body: 'I have read the privacy notice of {lender} under the Digital Personal Data Protection Act, 2023: which personal data it processes, why, with whom it shares them, and how to access, correct or erase them, nominate someone, and reach its grievance officer and the Data Protection Board.',
    },
    es: {
      title: 'Aviso de privacidad',
      body: 'Leí el aviso de privacidad de {lender} conforme a la Ley de Protección de Datos Personales Digitales de 2023 de la India: qué datos personales trata, para qué, con quién los comparte y cómo acceder a ellos, corregirlos o borrarlos, designar a una persona y contactar a su oficial de quejas y a la Junta de Protección de Datos.',
    },
  },
  'credit-bureau': {
    en: {
      title: 'Credit information report',
      body: 'I authorise {lender} to obtain my credit information report from one or more credit information companies under the Credit Information Companies (Regulation) Act, 2005, to assess this and any later application, and to report my loans with {lender} to them as the Reserve Bank of India requires.',
    },
    es: {
      title: 'Informe de crédito',
      body: 'Autorizo a {lender} a obtener mi informe de crédito de una o más compañías de información crediticia conforme a la Ley de Compañías de Información Crediticia de 2005 de la India, para evaluar esta solicitud y las siguientes, y a reportarles mis préstamos con {lender} como lo exige el Banco de la Reserva de la India.',
    },
  },
  'e-signature': {
    en: {
      title: 'Electronic signature',
      body: 'I agree to sign my loan documents with {lender} electronically under the Information Technology Act, 2000: confirming a loan with the code texted to my phone is my signature, after I have read its Key Facts Statement, and I can download each signed document.',
    },
    es: {
      title: 'Firma electrónica',
      body: 'Acepto firmar electrónicamente mis documentos de préstamo con {lender} conforme a la Ley de Tecnologías de la Información de 2000 de la India: confirmar un préstamo con el código que recibo por SMS es mi firma, después de leer su declaración de datos clave, y puedo descargar cada documento firmado.',
    },
  },
  sms: {
    en: {
      title: 'SMS messages and offers',
      body: 'I would like {lender} to text me reminders and offers from its registered sender IDs. I can stop them at any time from the privacy centre.',
    },
    es: {
      title: 'Mensajes SMS y promociones',
      body: 'Quiero recibir de {lender} recordatorios y promociones por SMS desde sus remitentes registrados. Puedo dejar de recibirlos en cualquier momento desde el centro de privacidad.',
    },
  },
  'device-data': {
    en: {
      title: 'Device data for fraud prevention',
      body: '{lender} may keep my device’s model, system and identifier to prevent fraud. It does not collect my contacts, call logs, photos or location.',
    },
    es: {
      title: 'Datos del dispositivo para prevenir fraudes',
      body: '{lender} puede guardar el modelo, el sistema y el identificador de mi dispositivo para prevenir fraudes. No recopila mis contactos, registros de llamadas, fotos ni ubicación.',
    },
  },
};

const TEXTS: Record<PhoneMarket, Record<ConsentKind, Record<Language, ConsentText>>> = { MX, IN };

/** The consent's text of the version shown now in the market, in the language, naming the lender. */
export function consentText(market: PhoneMarket, kind: ConsentKind, language: Language, lender: string): ConsentText & { version: string } {
  const text = TEXTS[market][kind][language];
  return { title: text.title, body: text.body.replaceAll('{lender}', lender), version: CONSENT_TEXT_VERSIONS[market][kind] };
}
