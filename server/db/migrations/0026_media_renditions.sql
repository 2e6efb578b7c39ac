-- Issue 23: a profile picture is resized once, when it becomes an avatar or a background, to the sizes the views
-- use, in WebP and JPEG, metadata (EXIF: camera, place) stripped. Each rendition is a stored file of its own, under
-- a random storage key like an upload's; this row names it, so the orphan sweep (server/media/orphan-sweep.ts)
-- keeps it as it keeps a `media` row's file.
CREATE TABLE media_renditions (
  storage_key text PRIMARY KEY,
  media_id uuid NOT NULL REFERENCES media(id),
  variant text NOT NULL,
  format text NOT NULL,
  content_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  size_bytes bigint NOT NULL,
  created_at timestamptz NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX media_renditions_variant ON media_renditions (media_id, variant, format);
