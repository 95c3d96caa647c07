-- Messages open their object (issue 28 item 7): the page a message leads to (an order, a lead,
-- the join requests, the download centre). Null for messages stored before: the client leads
-- those by their kind (lib/shared/notify/notify-links.ts).
ALTER TABLE "notifications" ADD COLUMN IF NOT EXISTS "link" text;
