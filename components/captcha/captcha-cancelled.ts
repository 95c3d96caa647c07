/** The rejection of verify() when the user closes the captcha without passing. */
export class CaptchaCancelledError extends Error {
  constructor() {
    super('captcha closed');
    this.name = 'CaptchaCancelledError';
  }
}
