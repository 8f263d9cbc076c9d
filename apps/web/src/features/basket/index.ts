// The basket's public face: what the store page and the checkout use. Other features import the
// basket from here only (the lint rule import-x/no-restricted-paths in eslint.config.mjs).
export { useAddBasketLine } from './api/add-basket-line';
export { useAdoptCandidateBasket } from './api/primary-basket';
export { BasketSection } from './components/basket-section';
