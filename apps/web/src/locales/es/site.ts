import type { siteEn } from '../en/site';

export const siteEs: Record<keyof typeof siteEn, string> = {
  'site.skipToContent': 'Saltar al contenido',
  'site.homeLink': 'Inicio de {brand}',
  'site.sectionsLabel': 'Secciones',
  'site.pagesLabel': 'Páginas de la empresa',
  'site.section.home': 'Inicio',
  'site.section.about': 'Nosotros',
  'site.section.privacy': 'Política de privacidad',
  'site.section.loanTerms': 'Términos y condiciones del préstamo',

  'site.page.about': 'Nosotros',
  'site.page.user': 'Acuerdo de usuario',
  'site.page.contact': 'Contáctenos',
  'site.page.policy': 'Política de privacidad',
  'site.page.loan': 'Términos del préstamo',

  'site.meta.home.title': 'Préstamos en efectivo a corto plazo con cada costo a la vista',
  'site.meta.home.description':
    'Solicite un préstamo en efectivo a corto plazo en la app {brand} en unas 2 horas: una decisión en 1 día, el dinero en su cuenta en 1 a 3 días y cada cargo a la vista antes de confirmar.',
  'site.meta.about.description':
    'Quiénes somos: {brand}, una empresa financiera registrada que ofrece préstamos en efectivo a corto plazo a través de su app.',
  'site.meta.user.description': 'Las reglas para usar la app y el sitio de {brand}: su cuenta, su información y nuestros servicios.',
  'site.meta.contact.description':
    'Escriba a {brand}: deje su nombre, correo, teléfono y mensaje, y nuestro equipo le responderá.',
  'site.meta.policy.description':
    'Cómo {brand} recaba, usa y protege sus datos personales, y cómo ejercer sus derechos: ARCO en México, conforme a la Ley DPDP en India.',
  'site.meta.loan.description':
    'Los términos del préstamo de {brand}: plazos de 91 a 365 días, decisión en 1 día, cargos por atraso, pago anticipado y prórroga.',
  'site.meta.privacyNotice.title': 'Política de privacidad',
  'site.meta.privacyNotice.description':
    'El aviso de privacidad de {brand} para clientes en México y en India: sus datos, sus usos y sus derechos.',

  'site.hero.title': 'Efectivo cuando lo necesita, con cada costo a la vista',
  'site.hero.apply': 'Inicie sesión o solicite en su navegador',
  'site.hero.body':
    'Solicite en la app en minutos, reciba una decisión en 1 día y vea el monto, el plazo y cada cargo antes de confirmar.',
  'site.home.marketsLabel': 'Información de cada país',
  'site.tax.MX': 'IVA',
  'site.tax.IN': 'GST',
  'site.dataRights.MX': 'sus derechos ARCO (acceso, rectificación, cancelación y oposición)',
  'site.dataRights.IN':
    'sus derechos conforme a la Ley de Protección de Datos Personales Digitales de 2023 de la India (acceso, corrección y supresión, atención de quejas y designación de un representante)',
  'site.banner.label': 'Destacados',
  'site.banner.1': 'Un teléfono que muestra un préstamo aprobado y el dinero llegando a la cuenta',
  'site.banner.2': 'Un recibo con el monto, la comisión, los intereses y el {tax} de un préstamo',
  'site.banner.3': 'Un calendario con la fecha de pago marcada',

  'site.tiles.title': 'Por qué nos eligen',
  'site.tile.apply.title': 'Solicite en minutos',
  'site.tile.apply.body': 'Llene la solicitud en su navegador o en la app; la mayoría se decide al momento.',
  'site.tile.decision.title': 'Decisión en 1 día',
  'site.tile.decision.body': 'Revisamos cada solicitud en 1 día y enviamos el dinero en 1 a 3 días.',
  'site.tile.costs.title': 'Cada costo a la vista',
  'site.tile.costs.body': 'La comisión, los intereses y el {tax} se muestran antes de confirmar. Sin cargos ocultos.',
  'site.tile.data.title': 'Sus datos protegidos',
  'site.tile.data.body': 'Usamos sus datos solo para atender su préstamo, y puede ejercer {rights} en cualquier momento.',

  'site.faq.title': 'Preguntas frecuentes',
  'site.faq.fees.q': '¿Cuánto cuesta un préstamo?',
  'site.faq.fees.a':
    'Una comisión que se descuenta al enviar el dinero e intereses diarios sobre el monto prestado, más el {tax} del {rate} sobre intereses y comisión. La app muestra cada monto y el total a pagar antes de confirmar.',
  'site.faq.suits.q': '¿Para quién es un préstamo?',
  'site.faq.suits.a':
    'Para personas mayores de 18 años con plena capacidad legal, domicilio permanente en el mercado donde solicitan y una cuenta bancaria a su nombre, que necesitan un monto pequeño para uso personal.',
  'site.faq.speed.q': '¿Qué tan rápida es la aprobación?',
  'site.faq.speed.a':
    'Recibe una decisión en 1 día. Una vez que acepta, el dinero llega a su cuenta en 1 a 3 días naturales.',
  'site.faq.watch.q': '¿A qué debo prestar atención?',
  'site.faq.watch.a':
    'Pida solo lo que pueda pagar en la fecha de vencimiento. El pago tardío genera un cargo único por atraso e intereses diarios sobre el saldo no pagado. Nunca comparta sus códigos de verificación con nadie.',
  'site.faq.purposes.q': '¿Para qué puedo usar el préstamo?',
  'site.faq.purposes.a':
    'Para necesidades personales como cuentas, gastos escolares, salud o gastos del hogar. No puede usarse para negocios, apuestas ni fines ilícitos.',

  'site.about.title': 'Nosotros',
  'site.about.body1':
    '{company} ofrece préstamos en efectivo a corto plazo a través de la app {brand}. Usted solicita, confirma y paga desde su teléfono, y ve el monto, el plazo y cada cargo antes de confirmar.',
  'site.about.body2':
    'Respondemos cada pregunta a través de atención al cliente, protegemos sus datos y prestamos solo lo que usted puede pagar.',
  'site.about.factsTitle': 'Datos de la empresa',
  'site.fact.name': 'Empresa',
  'site.fact.cin': 'Número de identidad corporativa (CIN)',
  'site.fact.nbfc': 'Registro NBFC',
  'site.fact.address': 'Domicilio',
  'site.fact.site': 'Sitio web',
  'site.fact.phone': 'Teléfono',
  'site.fact.email': 'Correo electrónico',

  'site.privacy.title': 'Política de privacidad',
  'site.privacy.frameTitle': 'Aviso de privacidad',
  'site.privacy.centreLink': 'Sus datos, consentimientos y derechos: abrir el centro de privacidad',
  'site.privacy.openFull': 'Abrir el aviso de privacidad en su propia página',
  'site.privacy.marketsLabel': 'Aviso de privacidad de cada mercado',

  'site.loanTerms.title': 'Términos y condiciones del préstamo',
  'site.loanTerms.subtitle': 'Solicite en unas 2 horas y lea el contrato que rige su préstamo.',
  'site.loanTerms.marketsLabel': 'Términos de cada mercado',
  'site.loanTerms.market.IN': 'India',
  'site.loanTerms.market.MX': 'México',
  'site.loadingText': 'Cargando el texto…',

  'site.contact.title': 'Contáctenos',
  'site.contact.intro': 'Déjenos un mensaje y nuestro equipo le responderá por correo o por teléfono.',
  'site.contact.fullName': 'Nombre completo',
  'site.contact.email': 'Correo electrónico',
  'site.contact.phone': 'Número de teléfono',
  'site.contact.message': 'Mensaje',
  'site.contact.counter': '{count}/{max}',
  'site.contact.submit': 'Enviar',
  'site.contact.sending': 'Enviando…',
  'site.contact.success': 'Éxito',
  'site.contact.successDetail': 'Gracias, {name}. Recibimos su mensaje y le responderemos pronto.',

  'site.footer.contactTitle': 'Contacto',
  'site.footer.registration': 'CIN {cin} · NBFC {nbfc}',
  'site.footer.copyright': '© {year} {company}. Todos los derechos reservados.',
  'site.footer.unavailable': 'Nuestros datos de contacto no están disponibles en este momento.',
};
