-- Pages published before drafts existed: their public version dates from their last update.
UPDATE "pages" SET "published_at" = "updated_at";
