-- Three questions for build/pipeline/sf-film-locations.db (made by `make pipeline`).
-- Run them with: sqlite3 build/pipeline/sf-film-locations.db < scripts/sf-queries.sql

-- 1. The places of a film.
SELECT l.address_key, l.geo_lat, l.geo_lon, fl.locations
FROM films f
JOIN film_locations fl ON fl.films_id = f.id
JOIN locations l ON l.id = fl.locations_id
WHERE f.title = 'Vertigo'
ORDER BY fl.provenance_row;

-- 2. The films shot at a place.
SELECT f.title, f.release_year
FROM locations l
JOIN film_locations fl ON fl.locations_id = l.id
JOIN films f ON f.id = fl.films_id
WHERE l.address_key = 'golden gate bridge'
GROUP BY f.id
ORDER BY f.release_year, f.title;

-- 3. The films shot within 500 m of a point (Coit Tower, 37.8024 N, 122.4058 W): the R*Tree
--    narrows to a box (0.0045° of latitude, 0.0057° of longitude ≈ 500 m here), then the
--    great-circle distance decides.
SELECT f.title, min(round(6371000 * acos(min(1,
         sin(radians(l.geo_lat)) * sin(radians(37.8024))
       + cos(radians(l.geo_lat)) * cos(radians(37.8024)) * cos(radians(l.geo_lon + 122.4058)))))) AS metres
FROM locations_rtree r
JOIN locations l ON l.id = r.id
JOIN film_locations fl ON fl.locations_id = l.id
JOIN films f ON f.id = fl.films_id
WHERE r.min_lat >= 37.8024 - 0.0045 AND r.max_lat <= 37.8024 + 0.0045
  AND r.min_lon >= -122.4058 - 0.0057 AND r.max_lon <= -122.4058 + 0.0057
GROUP BY f.id
HAVING metres <= 500
ORDER BY metres, f.title;
