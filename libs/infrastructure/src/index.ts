export * from './persistence/data-source';
export * from './persistence/entities';
export * from './persistence/migrations';
export * from './persistence/repositories/typeorm-catalogue.repository';
export * from './persistence/repositories/typeorm-basket.repository';
export * from './persistence/seed/seed-catalogue';
export * from './system/system-ports';
