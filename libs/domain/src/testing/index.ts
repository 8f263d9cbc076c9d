export * from './catalogue.mother';
