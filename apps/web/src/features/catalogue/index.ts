// The catalogue's public face: the store page, the first page, in the app's first chunk.
export { StorePage } from './components/store-page';
