/** What a Content-Security-Policy refused while the app ran (`violatedDirective/blockedURI`). */
export const refused: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => {
  refused.push(`${event.violatedDirective}/${event.blockedURI}`);
});
