CREATE TABLE "auth_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_epoch_one_row" CHECK ("auth_epoch"."id" = 1)
);
