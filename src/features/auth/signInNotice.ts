/** Navigation state another auth screen passes to /signin, shown above the form. */
export interface SignInState {
  notice?: string;
}

export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with your new password.';
