/** Fired on `window` when a page changed the basket, so the floating basket asks for its count. */
export const BASKET_CHANGED = 'examkit:basket-changed';

/** Tells the floating basket that the basket changed. */
export function announceBasketChanged(): void {
  window.dispatchEvent(new Event(BASKET_CHANGED));
}
