-- Map prospecting (issue 30 item 4, ADR 0185): companies by position. A GiST index of the core
-- point type over (lng, lat) answers the box every map query starts with (a circle's box, a
-- polygon's box, a view); the exact test (great-circle distance, point in polygon) runs on the
-- rows the box returns. Core PostgreSQL only: no extension, the same on an external server.
-- Partial: companies without coordinates are never placed (they are listed apart).
CREATE INDEX IF NOT EXISTS enterprises_geo_idx ON enterprises USING gist (point(lng, lat)) WHERE lng IS NOT NULL AND lat IS NOT NULL;
