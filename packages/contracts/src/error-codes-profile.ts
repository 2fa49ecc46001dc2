import type { Language } from './language';

/** Error codes of the borrower's profile: identity, address, income, photos, consents, payout account, device data. */
export const ProfileErrorCode = {
  ProfileNameInvalid: 8050,
  ProfileBirthDateInvalid: 8051,
  ProfileUnderAge: 8052,
  ProfileCurpInvalid: 8053,
  ProfileCurpCheckDigit: 8054,
  ProfileCurpBirthDateMismatch: 8055,
  ProfileCurpNameMismatch: 8056,
  ProfilePanInvalid: 8057,
  ProfilePanNotPerson: 8058,
  ProfileAadhaarFullNumber: 8059,
  ProfileAddressInvalid: 8060,
  ProfilePostalCodeInvalid: 8061,
  ProfileEmploymentInvalid: 8062,
  ProfileIncomeInvalid: 8063,
  ProfileDebtsInvalid: 8064,
  ProfileImageNotImage: 8065,
  ProfileImageTooLarge: 8066,
  ProfileImageMissing: 8067,
  ProfileConsentUnknown: 8068,
  ProfileConsentOutdated: 8069,
  ProfileConsentNotWithdrawable: 8070,
  ProfileIdentityFirst: 8071,
  ProfileIdentityLocked: 8072,
  PayoutClabeInvalid: 8073,
  PayoutClabeCheckDigit: 8074,
  PayoutBankUnknown: 8075,
  PayoutIfscInvalid: 8076,
  PayoutAccountNumberInvalid: 8077,
  PayoutHolderMismatch: 8078,
  PayoutAccountLocked: 8079,
  DeviceConsentMissing: 8080,
  DataNotCollected: 8081,
} as const;
export type ProfileErrorCodeValue = (typeof ProfileErrorCode)[keyof typeof ProfileErrorCode];

export const PROFILE_ERROR_HTTP_STATUS: Record<ProfileErrorCodeValue, number> = {
  8050: 400,
  8051: 400,
  8052: 400,
  8053: 400,
  8054: 400,
  8055: 400,
  8056: 400,
  8057: 400,
  8058: 400,
  8059: 400,
  8060: 400,
  8061: 400,
  8062: 400,
  8063: 400,
  8064: 400,
  8065: 415,
  8066: 413,
  8067: 400,
  8068: 400,
  8069: 409,
  8070: 409,
  8071: 409,
  8072: 409,
  8073: 400,
  8074: 400,
  8075: 400,
  8076: 400,
  8077: 400,
  8078: 400,
  8079: 409,
  8080: 403,
  8081: 403,
};

export const PROFILE_ERROR_MESSAGES: Record<ProfileErrorCodeValue, Record<Language, string>> = {
  8050: {
    en: 'Write your given names and surname as they appear on your identity document (letters only, up to 60 characters each).',
    es: 'Escriba su nombre y apellidos como aparecen en su identificación (solo letras, hasta 60 caracteres cada uno).',
  },
  8051: { en: 'Enter a valid date of birth (year-month-day).', es: 'Ingrese una fecha de nacimiento válida (año-mes-día).' },
  8052: { en: 'You must be at least 18 years old to apply for a loan.', es: 'Debe tener al menos 18 años para solicitar un préstamo.' },
  8053: {
    en: 'The CURP is not valid. It has 18 characters: 4 letters, 6 digits, H, M or X, 5 letters and 2 more characters.',
    es: 'La CURP no es válida. Tiene 18 caracteres: 4 letras, 6 dígitos, H, M o X, 5 letras y 2 caracteres más.',
  },
  8054: { en: 'The CURP is not valid: please check each character.', es: 'La CURP no es válida: revise cada carácter.' },
  8055: {
    en: 'The CURP does not match your date of birth. Check both against your identity document.',
    es: 'La CURP no coincide con su fecha de nacimiento. Revise ambas con su identificación.',
  },
  8056: {
    en: 'The CURP does not match your name. Check your names and surnames against your identity document.',
    es: 'La CURP no coincide con su nombre. Revise su nombre y apellidos con su identificación.',
  },
  8057: {
    en: 'The PAN is not valid. It has 10 characters: 5 letters, 4 digits and a letter (for example ABCPE1234F).',
    es: 'El PAN no es válido. Tiene 10 caracteres: 5 letras, 4 dígitos y una letra (por ejemplo ABCPE1234F).',
  },
  8058: {
    en: 'This PAN is not a personal PAN. Enter your own PAN: its fourth letter is P.',
    es: 'Este PAN no es personal. Ingrese su propio PAN: su cuarta letra es P.',
  },
  8059: {
    en: 'Enter only the last 4 digits of your Aadhaar number. Never send the full number.',
    es: 'Ingrese solo los últimos 4 dígitos de su número Aadhaar. Nunca envíe el número completo.',
  },
  8060: {
    en: 'Complete your address: street and number, city and state (up to 200 characters each).',
    es: 'Complete su domicilio: calle y número, ciudad y estado (hasta 200 caracteres cada uno).',
  },
  8061: {
    en: 'The postal code is not valid: 6 digits in India, 5 in Mexico.',
    es: 'El código postal no es válido: 5 dígitos en México, 6 en India.',
  },
  8062: {
    en: 'Choose your kind of employment, and name your employer if you are employed (up to 100 characters).',
    es: 'Elija su tipo de empleo e indique su empleador si es asalariado (hasta 100 caracteres).',
  },
  8063: {
    en: 'Enter your real monthly income: it must be above zero and within what we can accept.',
    es: 'Ingrese su ingreso mensual real: debe ser mayor que cero y estar dentro de lo que podemos aceptar.',
  },
  8064: {
    en: 'Enter what you pay each month for other debts: zero or more, and not more than the limit.',
    es: 'Ingrese lo que paga cada mes por otras deudas: cero o más, y no más del límite.',
  },
  8065: { en: 'The file is not a photo. Send a JPEG, PNG or WebP image.', es: 'El archivo no es una foto. Envíe una imagen JPEG, PNG o WebP.' },
  8066: { en: 'The photo is too large. Send one of at most 5 MB.', es: 'La foto es demasiado grande. Envíe una de máximo 5 MB.' },
  8067: { en: 'Attach the photo in the field "image".', es: 'Adjunte la foto en el campo "image".' },
  8068: {
    en: 'Unknown consent. Choose the privacy notice, the credit bureau inquiry, the electronic signature, SMS or device data.',
    es: 'Consentimiento desconocido. Elija el aviso de privacidad, la consulta al buró de crédito, la firma electrónica, SMS o datos del dispositivo.',
  },
  8069: {
    en: 'The text you accepted has been updated. Please read the new version and accept it again.',
    es: 'El texto que aceptó fue actualizado. Lea la nueva versión y acéptela de nuevo.',
  },
  8070: {
    en: 'This consent cannot be withdrawn: it has already been used for a loan you applied for.',
    es: 'Este consentimiento no se puede retirar: ya se usó para un préstamo que solicitó.',
  },
  8071: { en: 'Complete your identity details first.', es: 'Primero complete sus datos de identidad.' },
  8072: {
    en: 'Your identity details cannot be changed after applying for a loan. Please contact customer service.',
    es: 'Sus datos de identidad no se pueden cambiar después de solicitar un préstamo. Comuníquese con atención al cliente.',
  },
  8073: { en: 'The CLABE is not valid: it has 18 digits.', es: 'La CLABE no es válida: tiene 18 dígitos.' },
  8074: { en: 'The CLABE is not valid: please check each digit.', es: 'La CLABE no es válida: revise cada dígito.' },
  8075: {
    en: 'We cannot send money to this bank. Use a CLABE of another bank.',
    es: 'No podemos enviar dinero a este banco. Use una CLABE de otro banco.',
  },
  8076: {
    en: 'The IFSC is not valid: 11 characters, 4 letters, a zero and 6 letters or digits (for example SBIN0001234).',
    es: 'El IFSC no es válido: 11 caracteres, 4 letras, un cero y 6 letras o dígitos (por ejemplo SBIN0001234).',
  },
  8077: { en: 'The account number is not valid: 9 to 18 digits.', es: 'El número de cuenta no es válido: de 9 a 18 dígitos.' },
  8078: {
    en: 'The account holder must be you: the name must match the name in your profile.',
    es: 'El titular de la cuenta debe ser usted: el nombre debe coincidir con el de su perfil.',
  },
  8079: {
    en: 'Your account cannot be changed while a loan is being reviewed or paid out to it. Try again once the money has arrived.',
    es: 'No puede cambiar su cuenta mientras un préstamo está en revisión o en proceso de depósito. Inténtelo cuando el dinero haya llegado.',
  },
  8080: {
    en: 'Allow us to keep your device data for fraud checks first.',
    es: 'Primero permítanos guardar los datos de su dispositivo para prevenir fraudes.',
  },
  8081: {
    en: 'We do not collect contacts, call logs, photos or location. Nothing was sent or stored.',
    es: 'No recopilamos contactos, registros de llamadas, fotos ni ubicación. No se envió ni se guardó nada.',
  },
};
