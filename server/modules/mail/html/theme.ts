/**
 * The emails' colours: the SPA's brand (src/styles.css) on Bootstrap's light and dark greys, so a message looks
 * like the site in either colour scheme. Light is written inline (what every mail client reads); dark comes from
 * a prefers-color-scheme block in the layout's <style>, which clients that support dark mode apply.
 */
export const EMAIL_THEME = {
  light: {
    page: '#f8f9fa',
    card: '#ffffff',
    text: '#212529',
    muted: '#6c757d',
    border: '#dee2e6',
    brand: '#7b2d52',
    buttonText: '#ffffff',
  },
  dark: {
    page: '#212529',
    card: '#2b3035',
    text: '#dee2e6',
    muted: '#adb5bd',
    border: '#495057',
    brand: '#e58fb5',
    link: '#f0a9c8',
    buttonText: '#1d0b14',
  },
} as const;

export const EMAIL_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif";
