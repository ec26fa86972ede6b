import { useEffect } from 'react';
import { brandOf, type Brand } from '@examkit/core';
import { useExamkitStore } from '@examkit/core/react';

/** The brand of the stored variant (spec 000 §1); keeps the document title in step with it. */
export function useBrand(): Brand & { variant: number | null } {
  const variant = useExamkitStore((s) => s.brandVariant);
  const brand = brandOf(variant);
  useEffect(() => {
    document.title = brand.title;
  }, [brand.title]);
  return { ...brand, variant };
}
