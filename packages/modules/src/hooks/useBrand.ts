import { useEffect } from 'react';
import { brandOf, useExamkitStore, type Brand } from '@examkit/core';

/** The brand of the stored variant (spec 000 §1); keeps the document title in step with it. */
export function useBrand(): Brand & { variant: number | null } {
  const variant = useExamkitStore((s) => s.brandVariant);
  const brand = brandOf(variant);
  useEffect(() => {
    document.title = brand.title;
  }, [brand.title]);
  return { ...brand, variant };
}
