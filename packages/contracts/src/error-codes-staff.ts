import type { Language } from './language';

/** Error codes of the back office's staff accounts, sign-in, roles and audit log (docs/decisions/160–165). */
export const StaffErrorCode = {
  StaffSignInRefused: 9001,
  StaffCodeWrong: 9002,
  StaffSignInStepMissing: 9003,
  StaffSessionRequired: 9004,
  StaffCsrfRefused: 9005,
  StaffRoleRefused: 9006,
  StaffPasswordTooShort: 9007,
  StaffPasswordTooLong: 9008,
  StaffPasswordCommon: 9009,
  StaffPasswordHasEmail: 9010,
  StaffEmailTaken: 9011,
  StaffNotFound: 9012,
  StaffAccountsExist: 9013,
  StaffPasswordChangeRequired: 9014,
  StaffRefundAboveLimit: 9015,
  StaffCurrentPasswordWrong: 9016,
  StaffLastAdmin: 9017,
} as const;
export type StaffErrorCodeValue = (typeof StaffErrorCode)[keyof typeof StaffErrorCode];

export const STAFF_ERROR_HTTP_STATUS: Record<StaffErrorCodeValue, number> = {
  9001: 401,
  9002: 401,
  9003: 401,
  9004: 401,
  9005: 403,
  9006: 403,
  9007: 400,
  9008: 400,
  9009: 400,
  9010: 400,
  9011: 409,
  9012: 404,
  9013: 409,
  9014: 403,
  9015: 403,
  9016: 400,
  9017: 409,
};

export const STAFF_ERROR_MESSAGES: Record<StaffErrorCodeValue, Record<Language, string>> = {
  9001: {
    en: 'The e-mail or password is wrong, or the account is locked for a while. Try again later or ask an administrator.',
    es: 'El correo o la contraseña son incorrectos, o la cuenta está bloqueada por un tiempo. Intente más tarde o consulte a un administrador.',
  },
  9002: { en: 'The code is wrong or has expired.', es: 'El código es incorrecto o ya venció.' },
  9003: { en: 'Sign in with your e-mail and password first.', es: 'Primero inicie sesión con su correo y contraseña.' },
  9004: { en: 'Sign in to continue.', es: 'Inicie sesión para continuar.' },
  9005: { en: 'The request is missing its security token; reload the page.', es: 'Falta el token de seguridad de la solicitud; recargue la página.' },
  9006: { en: 'Your role does not allow this action.', es: 'Su rol no permite esta acción.' },
  9007: { en: 'The password must have at least 8 characters.', es: 'La contraseña debe tener al menos 8 caracteres.' },
  9008: { en: 'The password can have at most 128 characters.', es: 'La contraseña puede tener como máximo 128 caracteres.' },
  9009: { en: 'This password is too common; choose another.', es: 'Esta contraseña es demasiado común; elija otra.' },
  9010: { en: 'The password must not contain your e-mail name.', es: 'La contraseña no debe contener el nombre de su correo.' },
  9011: { en: 'A staff account with this e-mail already exists.', es: 'Ya existe una cuenta de personal con este correo.' },
  9012: { en: 'There is no such staff account.', es: 'No existe esa cuenta de personal.' },
  9013: {
    en: 'Staff accounts already exist; an administrator creates new ones.',
    es: 'Ya existen cuentas de personal; un administrador crea las nuevas.',
  },
  9014: { en: 'Change your password before continuing.', es: 'Cambie su contraseña antes de continuar.' },
  9015: {
    en: 'This refund is above your limit; an administrator must make it.',
    es: 'Este reembolso supera su límite; debe hacerlo un administrador.',
  },
  9016: { en: 'The current password is wrong.', es: 'La contraseña actual es incorrecta.' },
  9017: { en: 'The last active administrator cannot be removed.', es: 'No se puede quitar al último administrador activo.' },
};
