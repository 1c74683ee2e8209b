export default defineBackground(() => {
  console.log('Dossier background started');
});
