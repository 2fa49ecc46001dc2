import type { Language } from './language';

/** Error codes of complaints and their images. */
export const ComplaintErrorCode = {
  ComplaintTextEmpty: 6001,
  ComplaintTextTooLong: 6002,
  ComplaintTooManyImages: 6003,
  ComplaintImageNotImage: 6004,
  ComplaintImageTooLarge: 6005,
  ComplaintTypeUnknown: 6006,
  ComplaintSonTypeUnknown: 6007,
  ComplaintCollectionNotAllowed: 6008,
  ComplaintImageUnknown: 6009,
  ComplaintImageMissing: 6010,
  ComplaintOrderNotFound: 6011,
  ComplaintNotFound: 6012,
  ComplaintAlreadyReplied: 6013,
  ComplaintNotReplied: 6014,
  ComplaintAlreadyScored: 6015,
  ComplaintScoreInvalid: 6016,
  ComplaintReplyInvalid: 6017,
} as const;
export type ComplaintErrorCodeValue = (typeof ComplaintErrorCode)[keyof typeof ComplaintErrorCode];

export const COMPLAINT_ERROR_HTTP_STATUS: Record<ComplaintErrorCodeValue, number> = {
  6001: 400,
  6002: 400,
  6003: 400,
  6004: 415,
  6005: 413,
  6006: 400,
  6007: 400,
  6008: 400,
  6009: 400,
  6010: 400,
  6011: 404,
  6012: 404,
  6013: 409,
  6014: 409,
  6015: 409,
  6016: 400,
  6017: 400,
};

export const COMPLAINT_ERROR_MESSAGES: Record<ComplaintErrorCodeValue, Record<Language, string>> = {
  6001: {
    en: 'Please provide your opinions and suggestions',
    es: 'Escriba sus opiniones y sugerencias',
  },
  6002: {
    en: 'The description can have at most 200 characters.',
    es: 'La descripción puede tener como máximo 200 caracteres.',
  },
  6003: {
    en: 'A complaint can have at most 9 images.',
    es: 'Una queja puede tener como máximo 9 imágenes.',
  },
  6004: {
    en: 'The file is not a JPEG, PNG or WebP image.',
    es: 'El archivo no es una imagen JPEG, PNG o WebP.',
  },
  6005: {
    en: 'Each image can be at most 5 MB.',
    es: 'Cada imagen puede pesar como máximo 5 MB.',
  },
  6006: {
    en: 'That problem type does not exist. Please choose one from the list.',
    es: 'Ese tipo de problema no existe. Elija uno de la lista.',
  },
  6007: {
    en: 'That problem detail does not exist for this type. Please choose one from the list.',
    es: 'Ese detalle no existe para este tipo de problema. Elija uno de la lista.',
  },
  6008: {
    en: 'The selected order does not support sending collection types',
    es: 'El pedido seleccionado no admite quejas de cobranza',
  },
  6009: {
    en: 'An image was not found. Please upload it again.',
    es: 'No se encontró una imagen. Vuelva a subirla.',
  },
  6010: {
    en: 'Please choose an image to upload.',
    es: 'Elija una imagen para subir.',
  },
  6011: {
    en: 'The order was not found. Please choose one of your orders.',
    es: 'No se encontró el pedido. Elija uno de sus pedidos.',
  },
  6012: {
    en: 'The complaint was not found.',
    es: 'No se encontró la queja.',
  },
  6013: {
    en: 'This complaint has already been answered.',
    es: 'Esta queja ya fue respondida.',
  },
  6014: {
    en: 'This complaint has no reply to rate yet.',
    es: 'Esta queja aún no tiene una respuesta que calificar.',
  },
  6015: {
    en: 'You have already rated this reply.',
    es: 'Ya calificó esta respuesta.',
  },
  6016: {
    en: 'Please choose a rating from 1 to 5.',
    es: 'Seleccione una calificación del 1 al 5.',
  },
  6017: {
    en: 'A reply needs text of at most 1000 characters and at most 9 images.',
    es: 'Una respuesta necesita un texto de hasta 1000 caracteres y como máximo 9 imágenes.',
  },
};
