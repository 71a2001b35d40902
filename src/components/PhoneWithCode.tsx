import { useEffect, useState } from 'react';

import { loadCallingCodes } from '@/lib/callingCodes';

/**
 * An order's phone number with the country code the customer wrote in front of it: "+44 5551234567" at once, then
 * grouped as its country writes numbers ("+44 55 5123 4567") once the lazily loaded formats have come. Without a
 * code (every order placed before codes were kept) the number alone, and nothing is loaded.
 */
export function PhoneWithCode({ code, phone }: { code?: string; phone: string }) {
  const [formatted, setFormatted] = useState<{ of: string; text: string } | null>(null);
  const plain = code ? `${code} ${phone}` : phone;
  useEffect(() => {
    if (!code || !phone) return;
    let current = true;
    void loadCallingCodes().then(({ phoneWithCode }) => {
      if (current) setFormatted({ of: `${code} ${phone}`, text: phoneWithCode(code, phone) });
    });
    return () => {
      current = false;
    };
  }, [code, phone]);
  return formatted?.of === plain ? formatted.text : plain;
}
