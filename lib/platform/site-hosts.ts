/** Where Dossier reads pages without being asked: the professional and the microblog networks. */
export const NETWORK_MATCHES = ['*://*.linkedin.com/*', '*://linkedin.com/*'];
export const MICROBLOG_MATCHES = ['*://x.com/*', '*://*.x.com/*', '*://twitter.com/*', '*://*.twitter.com/*'];
