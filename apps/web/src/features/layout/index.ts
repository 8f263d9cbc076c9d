// The store's layout (header, menu, footer) and the page for an address it does not know.
export { NotFoundPage } from './not-found-page';
export { StoreLayout } from './store-layout';
