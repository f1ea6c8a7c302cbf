CREATE TABLE "analytics_day_keys" (
	"day" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"key" varchar(200) NOT NULL,
	CONSTRAINT "analytics_day_keys_day_kind_key_pk" PRIMARY KEY("day","kind","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_ip_days" (
	"day" date NOT NULL,
	"ip" varchar(22) NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_ip_days_day_ip_pk" PRIMARY KEY("day","ip")
);
