export * from './shared/ports';
export * from './catalogue/catalogue.ports';
export * from './catalogue/list-catalogue.use-case';
export * from './basket/basket.ports';
export * from './basket/basket-reader';
export * from './basket/get-basket.use-case';
export * from './basket/add-to-basket.use-case';
export * from './identity';
