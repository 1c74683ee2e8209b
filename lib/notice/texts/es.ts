import type { NoticeTexts } from '@/lib/notice/model';
import { monthsOf } from '@/lib/notice/texts/period';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Español: la terminología del RGPD (responsable del tratamiento, interés legítimo, derecho de oposición), de usted. */
export const es: NoticeTexts = {
  title: 'Información sobre el tratamiento de sus datos personales (artículo 14 del RGPD)',
  greeting: (name) => (name ? `Estimado/a ${name}:` : 'Buenos días:'),
  intro: (company) =>
    `Nos ponemos en contacto con usted porque ${company} dispone de algunos de sus datos de contacto profesionales, que no hemos obtenido directamente de usted. El artículo 14 del Reglamento General de Protección de Datos (RGPD) le reconoce el derecho a saber quiénes somos, qué datos tenemos, de dónde proceden y qué derechos tiene.`,
  headings: {
    controller: 'Responsable del tratamiento',
    purpose: 'Finalidad y base jurídica',
    objection: 'Su derecho de oposición',
    categories: 'Datos que tratamos sobre usted',
    source: 'Procedencia de los datos',
    recipients: 'Destinatarios',
    transfers: 'Transferencias fuera del Espacio Económico Europeo',
    retention: 'Plazo de conservación',
    rights: 'Sus demás derechos',
    complaint: 'Reclamaciones',
    automated: 'Decisiones automatizadas',
  },
  controller: ({ legalName, postalAddress, privacyEmail }) =>
    `El responsable del tratamiento de sus datos es ${legalName}, ${postalAddress}. Para cualquier consulta o solicitud sobre sus datos, escriba a ${privacyEmail}.`,
  dpo: (contact) => `Puede contactar con nuestro delegado de protección de datos en: ${contact}.`,
  representative: (contact) => `Nuestro representante en la Unión Europea: ${contact}.`,
  defaultPurpose: 'la prospección comercial entre empresas (B2B)',
  purpose: (purpose) =>
    `Utilizamos sus datos para ${purpose}: ponernos en contacto con usted, en su condición profesional, acerca de nuestros productos y servicios. La base jurídica es nuestro interés legítimo (artículo 6, apartado 1, letra f, del RGPD) en la prospección comercial y el desarrollo de negocio con empresas y sus profesionales. Hemos ponderado este interés con sus derechos: solo utilizamos datos profesionales y puede oponerse en cualquier momento.`,
  objection: (email) =>
    `Puede oponerse en cualquier momento, sin necesidad de justificarlo, al uso de sus datos con fines de prospección comercial (artículo 21, apartado 2, del RGPD). Basta con responder a este mensaje o escribir a ${email}. Dejaremos entonces de contactarle, suprimiremos sus datos y conservaremos únicamente lo imprescindible para no volver a dirigirnos a usted.`,
  categoriesIntro: 'Tratamos las siguientes categorías de datos sobre usted:',
  category: {
    name: 'su nombre y apellidos',
    role: 'su cargo',
    company: 'la empresa en la que trabaja',
    location: 'su ubicación (ciudad, región o país)',
    profile: 'la dirección de su perfil profesional (LinkedIn)',
    microblog: 'su nombre de usuario en X (Twitter)',
    links: 'otras direcciones web públicas sobre usted',
    photo: 'la dirección de su foto de perfil',
    workEmail: 'su dirección de correo electrónico profesional',
    personalEmail: 'su dirección de correo electrónico personal',
    mobilePhone: 'su número de teléfono móvil',
    workPhone: 'su número de teléfono profesional',
    phone: 'su número de teléfono',
    whatsapp: 'si su número utiliza WhatsApp',
  },
  lookup: {
    enrichPerson: 'consulta completa del perfil',
    enrichCompany: 'consulta sobre la empresa',
    findWorkEmail: 'búsqueda del correo electrónico profesional',
    searchPhone: 'búsqueda del número de teléfono',
    searchPersonalEmail: 'búsqueda del correo electrónico personal',
    reversePhone: 'búsqueda inversa del número de teléfono',
    microblogProfile: 'consulta del perfil de X (Twitter)',
    microblogByEmail: 'consulta del perfil de X (Twitter)',
  },
  lookupOn: (lookup, date) => `${lookup} del ${date}`,
  source: (service, lookups) =>
    `Hemos obtenido estos datos del proveedor «${service}», especializado en datos de contacto profesionales, mediante las siguientes consultas: ${lookups}.`,
  publicProfile: 'La consulta partió de la dirección de su perfil de LinkedIn, que es de acceso público.',
  recipients: (company, crms, service) =>
    `Solo tienen acceso a sus datos las personas de ${company} encargadas de las ventas${
      crms ? `, y se almacenan en nuestro programa de gestión de clientes (${crms}), cuyo proveedor actúa como encargado del tratamiento` : ''
    }. Para encontrarlos, se envió al proveedor «${service}» la dirección de su perfil (o su nombre y empresa). Sus datos no se venden ni se ceden a nadie más.`,
  transfersNone: 'No transferimos sus datos a ningún país fuera del Espacio Económico Europeo.',
  retention: (period) =>
    `Conservamos sus datos durante un máximo de ${period} desde su obtención y después los suprimimos. Una actualización posterior no amplía este plazo. Si se opone, los suprimiremos antes, conservando solo lo necesario para respetar su oposición.`,
  period: (days) => {
    const months = monthsOf(days);
    return months === null ? plural(days, 'día', 'días') : `${plural(months, 'mes', 'meses')} (${plural(days, 'día', 'días')})`;
  },
  rights: (email) =>
    [
      'Tiene derecho a:',
      '- acceder a sus datos y obtener una copia de ellos (artículo 15 del RGPD);',
      '- rectificar los datos inexactos (artículo 16);',
      '- solicitar la supresión de sus datos (artículo 17);',
      '- solicitar la limitación de su tratamiento (artículo 18);',
      '- recibir sus datos en un formato estructurado y de lectura mecánica, cuando sea aplicable el artículo 20 (portabilidad).',
      `Para ejercer estos derechos, escriba a ${email}. Le responderemos en el plazo de un mes. Dado que el tratamiento se basa en nuestro interés legítimo y no en su consentimiento, no hay ningún consentimiento que retirar: se aplica su derecho de oposición, descrito más arriba.`,
    ].join('\n'),
  complaint: (authority) =>
    `También tiene derecho a presentar una reclamación ante una autoridad de control de protección de datos, en particular en el país donde reside o trabaja: ${authority}.`,
  authority: {
    FR: 'la Commission nationale de l’informatique et des libertés (CNIL), www.cnil.fr',
    DE: 'la autoridad de protección de datos de su estado federado (Land); el Comisionado Federal de Protección de Datos y Libertad de Información (BfDI, www.bfdi.bund.de) publica la lista',
    AT: 'la Autoridad austriaca de Protección de Datos (Datenschutzbehörde), www.dsb.gv.at',
    ES: 'la Agencia Española de Protección de Datos (AEPD), www.aepd.es',
    BE: 'la Autoridad belga de Protección de Datos, www.dataprotectionauthority.be',
    CH: 'el Comisionado Federal de Protección de Datos y Transparencia (FDPIC), www.edoeb.admin.ch',
    GB: 'la Information Commissioner’s Office (ICO), ico.org.uk',
    other: 'la autoridad de protección de datos de su país',
  },
  automated: 'No tomamos decisiones sobre usted basadas únicamente en un tratamiento automatizado ni elaboramos perfiles.',
  closing: (company) => `Atentamente,\n${company}`,
};
