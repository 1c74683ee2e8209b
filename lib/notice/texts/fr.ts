/* eslint-disable no-irregular-whitespace -- French typography: a no-break space before : and », a narrow one before ; */
import type { NoticeTexts } from '@/lib/notice/model';
import { monthsOf } from '@/lib/notice/texts/period';

// "mois" is the same in the singular and the plural.
const days = (n: number) => `${n} ${n === 1 ? 'jour' : 'jours'}`;

/** Français : le vocabulaire du RGPD (responsable du traitement, intérêt légitime, droit d’opposition). */
export const fr: NoticeTexts = {
  title: 'Information sur le traitement de vos données personnelles (article 14 du RGPD)',
  greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
  intro: (company) =>
    `Nous vous contactons car ${company} détient certaines de vos coordonnées professionnelles, que nous n’avons pas recueillies directement auprès de vous. L’article 14 du règlement général sur la protection des données (RGPD) vous donne le droit de savoir qui nous sommes, quelles données nous détenons, d’où elles proviennent et quels sont vos droits.`,
  headings: {
    controller: 'Responsable du traitement',
    purpose: 'Finalité et base juridique',
    objection: 'Votre droit d’opposition',
    categories: 'Données vous concernant',
    source: 'Source des données',
    recipients: 'Destinataires',
    transfers: 'Transferts hors de l’Espace économique européen',
    retention: 'Durée de conservation',
    rights: 'Vos autres droits',
    complaint: 'Réclamation',
    automated: 'Décisions automatisées',
  },
  controller: ({ legalName, postalAddress, privacyEmail }) =>
    `Le responsable du traitement de vos données est ${legalName}, ${postalAddress}. Pour toute question ou demande concernant vos données, écrivez à ${privacyEmail}.`,
  dpo: (contact) => `Notre délégué à la protection des données est joignable à l’adresse suivante : ${contact}.`,
  representative: (contact) => `Notre représentant dans l’Union européenne : ${contact}.`,
  defaultPurpose: 'la prospection commerciale auprès des professionnels (B2B)',
  purpose: (purpose) =>
    `Nous utilisons vos données pour ${purpose} : vous contacter, dans le cadre de vos fonctions, au sujet de nos produits et services. Ce traitement repose sur notre intérêt légitime (article 6, paragraphe 1, point f, du RGPD) à prospecter et à développer notre activité auprès des entreprises et de leurs collaborateurs. Nous avons mis cet intérêt en balance avec vos droits : nous n’utilisons que des données professionnelles, et vous pouvez vous y opposer à tout moment.`,
  objection: (email) =>
    `Vous pouvez à tout moment, sans avoir à vous justifier, vous opposer à l’utilisation de vos données à des fins de prospection (article 21, paragraphe 2, du RGPD). Il vous suffit de répondre à ce message ou d’écrire à ${email}. Nous cesserons alors de vous contacter, supprimerons vos données et ne conserverons que le strict nécessaire pour ne plus vous solliciter.`,
  categoriesIntro: 'Nous détenons les catégories de données suivantes vous concernant :',
  category: {
    name: 'vos nom et prénom',
    role: 'votre fonction',
    company: 'l’entreprise pour laquelle vous travaillez',
    location: 'votre localisation (ville, région ou pays)',
    profile: 'l’adresse de votre profil professionnel (LinkedIn)',
    microblog: 'votre nom d’utilisateur X (Twitter)',
    links: 'd’autres adresses web publiques vous concernant',
    photo: 'l’adresse de votre photo de profil',
    workEmail: 'votre adresse e-mail professionnelle',
    personalEmail: 'votre adresse e-mail personnelle',
    mobilePhone: 'votre numéro de téléphone mobile',
    workPhone: 'votre numéro de téléphone professionnel',
    phone: 'votre numéro de téléphone',
    whatsapp: 'l’indication que votre numéro utilise ou non WhatsApp',
  },
  lookup: {
    enrichPerson: 'recherche de profil complète',
    enrichCompany: 'recherche sur l’entreprise',
    findWorkEmail: 'recherche d’adresse e-mail professionnelle',
    searchPhone: 'recherche de numéro de téléphone',
    searchPersonalEmail: 'recherche d’adresse e-mail personnelle',
    reversePhone: 'recherche inversée de numéro de téléphone',
    microblogProfile: 'recherche de profil X (Twitter)',
    microblogByEmail: 'recherche de profil X (Twitter)',
  },
  lookupOn: (lookup, date) => `${lookup} du ${date}`,
  source: (service, lookups) =>
    `Nous avons obtenu ces données auprès du prestataire « ${service} », spécialisé dans les données de contact professionnelles, par les recherches suivantes : ${lookups}.`,
  publicProfile: 'La recherche est partie de l’adresse de votre profil LinkedIn, qui est accessible au public.',
  recipients: (company, crms, service) =>
    `Vos données ne sont accessibles qu’aux personnes chargées des ventes au sein de la société ${company}${
      crms ? `, et elles sont enregistrées dans notre logiciel de gestion de la relation client (${crms}), dont l’éditeur agit en qualité de sous-traitant` : ''
    }. Pour les trouver, l’adresse de votre profil (ou vos nom et entreprise) a été transmise au prestataire « ${service} ». Vos données ne sont ni vendues ni communiquées à quiconque d’autre.`,
  transfersNone: 'Nous ne transférons pas vos données vers un pays situé hors de l’Espace économique européen.',
  retention: (period) =>
    `Nous conservons vos données pendant ${period} au maximum à compter de leur obtention, puis nous les supprimons. Une mise à jour ultérieure ne prolonge pas cette durée. Si vous vous opposez au traitement, nous les supprimons plus tôt, en ne gardant que le nécessaire pour respecter votre opposition.`,
  period: (n) => {
    const months = monthsOf(n);
    return months === null ? days(n) : `${months} mois (${days(n)})`;
  },
  rights: (email) =>
    [
      'Vous disposez des droits suivants :',
      '- accéder à vos données et en obtenir une copie (article 15 du RGPD) ;',
      '- faire rectifier des données inexactes (droit de rectification, article 16) ;',
      '- obtenir l’effacement de vos données (article 17) ;',
      '- obtenir la limitation de leur traitement (article 18) ;',
      '- recevoir vos données dans un format structuré et lisible par machine, lorsque l’article 20 s’applique (droit à la portabilité).',
      `Pour exercer ces droits, écrivez à ${email}. Nous vous répondrons dans un délai d’un mois. Ce traitement reposant sur notre intérêt légitime et non sur votre consentement, il n’y a pas de consentement à retirer : c’est votre droit d’opposition, décrit plus haut, qui s’applique.`,
    ].join('\n'),
  complaint: (authority) =>
    `Vous avez également le droit d’introduire une réclamation auprès d’une autorité de contrôle, notamment dans le pays où vous résidez ou travaillez : ${authority}.`,
  authority: {
    FR: 'la Commission nationale de l’informatique et des libertés (CNIL), www.cnil.fr',
    DE: 'l’autorité de protection des données de votre Land ; le Commissaire fédéral à la protection des données et à la liberté d’information (BfDI, www.bfdi.bund.de) en publie la liste',
    AT: 'l’autorité autrichienne de protection des données (Datenschutzbehörde), www.dsb.gv.at',
    ES: 'l’Agence espagnole de protection des données (Agencia Española de Protección de Datos, AEPD), www.aepd.es',
    BE: 'l’Autorité de protection des données, www.autoriteprotectiondonnees.be',
    CH: 'le Préposé fédéral à la protection des données et à la transparence (PFPDT), www.edoeb.admin.ch',
    GB: 'l’Information Commissioner’s Office (ICO), ico.org.uk',
    other: 'l’autorité de protection des données de votre pays',
  },
  automated: 'Nous ne prenons aucune décision vous concernant fondée exclusivement sur un traitement automatisé, et nous ne procédons à aucun profilage.',
  closing: (company) => `Cordialement,\n${company}`,
};
