/** Every build-time setting of the SPA, read from import.meta.env in this one place. */
export const config = {
  /** Base of API calls; empty means same origin (the server serves the SPA). */
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, ''),
  emailjs: {
    serviceId: import.meta.env.VITE_EMAILJS_SERVICE_ID ?? '',
    templateId: import.meta.env.VITE_EMAILJS_TEMPLATE_ID ?? '',
    publicKey: import.meta.env.VITE_EMAILJS_PUBLIC_KEY ?? '',
  },
} as const;
