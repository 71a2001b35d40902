import { useState, type FormEvent } from 'react';

import type { UserProfile } from '#contract/auth';
import { expiryYears } from '#contract/card';
import { MESSAGES } from '#contract/messages';
import { missingForOrdering } from '#contract/orderingProfile';
import { updateUser } from '@/api/auth';
import { useSubmit } from '@/hooks/useSubmit';
import { notify } from '@/lib/notify';

import { savedOrderingDetails, toForm, toUpdateBody, type ProfileForm } from './profileForm';

/**
 * The profile form's state, from the loaded profile: what is typed, what is saved (the name and card
 * shown, what ordering still lacks), and the save. A save updates the saved facts from what was sent.
 */
export function useProfileForm(profile: UserProfile) {
  const [years] = useState(() => expiryYears());
  const [form, setForm] = useState(() => toForm(profile, years));
  const [saved, setSaved] = useState(() => ({
    name: profile.name,
    cardLast4: profile.cardLast4,
    /** What the saved profile still lacks for ordering (the orders screen sends customers here for it). */
    missing: missingForOrdering(profile),
  }));

  const { busy, problem, submit } = useSubmit({
    onSuccess: () => {
      const digits = form.cardNumber.replace(/\D/g, '');
      const cardLast4 = digits ? digits.slice(-4) : saved.cardLast4;
      setSaved({
        name: form.name.trim(),
        cardLast4,
        missing: missingForOrdering(savedOrderingDetails(form, cardLast4)),
      });
      setForm((f) => ({ ...f, cardNumber: '', cvv: '' }));
      notify(MESSAGES.profileUpdated);
    },
    onRefused: (reason) => console.error('Profile update failed', reason),
    fallbackError: 'Your profile could not be saved.',
    what: 'Profile update',
  });

  const set =
    <K extends keyof ProfileForm>(field: K) =>
    (value: ProfileForm[K]) =>
      setForm((f) => ({ ...f, [field]: value }));
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(() => updateUser(toUpdateBody(form)), event.currentTarget);
  };

  return { form, set, years, saved, busy, problem, handleSubmit };
}
