/** The contact button's classes: lifted above a bottom bar, or after a narrow page's end (styles.css). */
export const contactButtonClass = (base: string, { isHigh = false, isInFlow = false }) =>
  [base, isHigh && 'sl-contact-high', isInFlow && 'sl-contact-in-flow'].filter(Boolean).join(' ');
