/** A CRM request the worker refuses, with the kind the protocol reports and a sentence for the user. */
export class CrmRefusal extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}
