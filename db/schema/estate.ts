import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './platform';

/**
 * Parks (园区) and buildings (楼宇) (issue 30 item 5, migration 0046, ADR 0201): an outline ring
 * in lng/lat and its box, which occupancy queries give to the companies' geo index before the
 * exact test.
 */
export const estates = pgTable(
  'estates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<'park' | 'building'>().notNull(),
    name: text('name').notNull(),
    parentId: bigint('parent_id', { mode: 'number' }),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    address: text('address'),
    ring: jsonb('ring').$type<[number, number][]>().notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    areaKm2: doublePrecision('area_km2').notNull(),
    demo: boolean('demo').notNull().default(false),
    /** 'demo' (generated at seed) or 'import' (npm run import:parks). */
    source: text('source').notNull().default('import'),
    sourceKey: text('source_key').notNull(),
    occupancy: jsonb('occupancy').notNull().default({}),
    companyCount: integer('company_count').notNull().default(0),
    occupancyAt: timestamp('occupancy_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estates_source_key_uq').on(t.source, t.sourceKey),
    index('estates_parent_idx').on(t.parentId),
    index('estates_city_idx').on(t.cityCode, t.companyCount.desc()),
  ],
);

/** Buildings a member follows: accountInfo.buildingList. */
export const estateFollows = pgTable(
  'estate_follows',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    estateId: bigint('estate_id', { mode: 'number' })
      .notNull()
      .references(() => estates.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.estateId] })],
);
