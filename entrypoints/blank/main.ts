// The benches' floor (automation build only, see wxt.config.ts): an extension page that loads one
// module and marks the moment it ran, as Dossier's pages mark theirs, so that a page's time is
// read as a ratio of this one measured in the same run on the same machine.
performance.mark('dossier:interactive');
